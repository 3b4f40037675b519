import { Alert, Card, Switch } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PropertyVisibility, PropertyVisibilityRequest } from '@kainga/contracts';
import { apiErrorMessage, apiJson } from '../../api/client';
import { useToast } from '../../chrome/ToastProvider';
import { useNetworkRequired } from '../../offline';

/**
 * What anyone, signed in or not, sees of a public property: the map's marker, popup and panel
 * (MapPage, MapSidePanel) and the directory's card (DirectoryPage) show exactly these.
 */
export const PUBLIC_DETAILS = 'its address, suburb and city, bedrooms, bathrooms, floor and land area, and the estimated value range of its latest valuation';
/** What the public never sees. */
export const NEVER_PUBLIC = 'Never the exact estimate, or who owns it.';
export const SHOW_PUBLICLY_LABEL = 'Show on the public map and directory';

const visibilityUrl = (propertyId: string) => `/api/properties/${encodeURIComponent(propertyId)}/visibility`;
const visibilityKey = (propertyId: string) => ['/api/properties', encodeURIComponent(propertyId), 'visibility'];

/** The public reads a change of visibility changes: the map, the directory and the public summaries. */
const isPublicRead = (key: readonly unknown[]) => typeof key[0] === 'string' && (key[0].startsWith('/api/public/') || key[0].startsWith('/api/summaries/'));

/**
 * The owner's switch for whether the property is on the public map, in the directory and in the
 * public summaries (issue 11): GET and PUT /api/properties/{id}/visibility, with a toast that
 * says what changed. Every property starts public.
 */
export function PublicVisibilityCard({ propertyId }: { propertyId: string }) {
  const { toast } = useToast();
  const { ensureOnline } = useNetworkRequired();
  const queryClient = useQueryClient();
  const visibility = useQuery<PropertyVisibility>({ queryKey: visibilityKey(propertyId), retry: false });
  const change = useMutation({
    mutationFn: (body: PropertyVisibilityRequest) => apiJson<PropertyVisibility>('PUT', visibilityUrl(propertyId), body),
    onSuccess: async (answer) => {
      queryClient.setQueryData(visibilityKey(propertyId), answer);
      toast(
        answer.public
          ? { variant: 'success', title: 'Shown Publicly', description: 'Your property is on the public map and in the directory again.' }
          : { variant: 'success', title: 'Hidden From Public', description: 'Your property is no longer on the public map or in the directory.' },
      );
      await queryClient.invalidateQueries({ predicate: (q) => isPublicRead(q.queryKey) });
    },
    onError: (error) => toast({ variant: 'error', title: 'Could Not Change Visibility', description: apiErrorMessage(error, 'Please try again.') }),
  });

  const isPublic = change.isPending ? change.variables.public : visibility.data?.public;
  return (
    <Card className="public-visibility-card" style={{ marginTop: 16 }} title={<h2 className="card-title">Public Visibility</h2>}>
      {visibility.isError ? (
        <Alert type="error" showIcon title="Could not load whether this property is public." description={apiErrorMessage(visibility.error, 'Please try again.')} />
      ) : (
        <>
          <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
            <Switch
              id="public-visibility-switch"
              checked={isPublic ?? false}
              disabled={visibility.isPending}
              loading={visibility.isPending || change.isPending}
              aria-describedby="public-visibility-what"
              onChange={(checked) => {
                if (ensureOnline('change who sees this property')) change.mutate({ public: checked });
              }}
            />
            <label htmlFor="public-visibility-switch">
              <strong>{SHOW_PUBLICLY_LABEL}</strong>
            </label>
          </div>
          <p id="public-visibility-what" className="muted" role="status">
            {isPublic === undefined
              ? 'Checking whether this property is public…'
              : isPublic
                ? `Anyone can see this property on the public map and in the property directory: ${PUBLIC_DETAILS}. ${NEVER_PUBLIC}`
                : 'Hidden: this property is not on the public map, in the property directory or in public summaries. Only you see it, here and in your valuations.'}
          </p>
        </>
      )}
    </Card>
  );
}
