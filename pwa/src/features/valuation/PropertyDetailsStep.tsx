import { Button, Form, Input, Radio, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { nzLocations, propertyTypeHints, propertyTypeLabels, propertyTypes, type PropertyType } from '@kainga/contracts/browser';
import type { Location } from '@kainga/contracts';
import { locationsQueryKey } from './valuation-api';
import {
  bathroomChoices,
  bedroomChoices,
  purposeChoices,
  type DetailsErrors,
  type WizardForm,
} from './wizard-logic';

type Patch = Partial<WizardForm>;

/** The property type's choices, House first (the default). */
const propertyTypeOptions = propertyTypes.map((t) => ({ value: t, label: propertyTypeLabels[t] }));

/** The land area's hint once Apartment is chosen: it has no land of its own. */
export const APARTMENT_LAND_HINT = 'An apartment has no land of its own: leave this empty or enter 0.';

/**
 * The towns of GET /api/locations (consumer spec §7). The list is fixed, so while it loads, or if
 * the call fails, the same list bundled with the app is offered.
 */
function useLocations(): Location[] {
  const query = useQuery<Location[]>({ queryKey: locationsQueryKey });
  return query.data && query.data.length > 0 ? query.data : (nzLocations as Location[]);
}

/**
 * A number field that keeps exactly what was typed (a text input: a number input would drop
 * "12e5" or "-50" unseen); the wizard says what is wrong beside it.
 */
function NumberField({
  id,
  label,
  value,
  error,
  suffix,
  prefix,
  placeholder,
  hint,
  onChange,
}: {
  id: 'floorArea' | 'landArea' | 'rateableValue';
  label: string;
  value: string;
  error?: string;
  suffix?: string;
  prefix?: string;
  placeholder?: string;
  /** A line under the field saying what to enter. */
  hint?: string;
  onChange: (patch: Patch) => void;
}) {
  const hintId = `valuation-${id}-hint`;
  return (
    <Form.Item
      label={label}
      htmlFor={`valuation-${id}`}
      validateStatus={error ? 'error' : undefined}
      help={error}
      extra={hint ? <span id={hintId}>{hint}</span> : undefined}
    >
      <Input
        aria-describedby={hint ? hintId : undefined}
        id={`valuation-${id}`}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={value}
        suffix={suffix}
        prefix={prefix}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange({ [id]: e.target.value })}
      />
    </Form.Item>
  );
}

/** Step 1 of 3 - Property Details (consumer spec "Valuation wizard"). */
export function PropertyDetailsStep({
  form,
  errors,
  onChange,
  onNext,
}: {
  form: WizardForm;
  errors: DetailsErrors;
  onChange: (patch: Patch) => void;
  onNext: () => void;
}) {
  const locations = useLocations();
  const cityOptions = locations.map((l) => ({ value: l.cityName, label: l.cityName, region: l.region }));
  return (
    <Form
      layout="vertical"
      requiredMark={false}
      component="div"
      className="wizard-step-body"
    >
      <Form.Item
        label={<span id="valuation-purpose-label">Purpose</span>}
        validateStatus={errors.purpose ? 'error' : undefined}
        help={errors.purpose}
      >
        <Radio.Group
          aria-labelledby="valuation-purpose-label"
          optionType="button"
          buttonStyle="solid"
          value={form.purpose || undefined}
          options={purposeChoices.map((p) => ({ value: p.value, label: p.label }))}
          onChange={(e) => onChange({ purpose: e.target.value })}
        />
      </Form.Item>

      <Form.Item label="Address" htmlFor="valuation-address" validateStatus={errors.address ? 'error' : undefined} help={errors.address}>
        <Input
          id="valuation-address"
          autoComplete="street-address"
          placeholder="e.g. 12 Karori Road"
          value={form.address}
          aria-invalid={errors.address ? true : undefined}
          aria-required
          onChange={(e) => onChange({ address: e.target.value })}
        />
      </Form.Item>

      <div className="form-row">
        <Form.Item label="Suburb" htmlFor="valuation-suburb">
          <Input id="valuation-suburb" placeholder="e.g. Karori" value={form.suburb} onChange={(e) => onChange({ suburb: e.target.value })} />
        </Form.Item>
        <Form.Item label="City" htmlFor="valuation-city" validateStatus={errors.city ? 'error' : undefined} help={errors.city}>
          <Select
            id="valuation-city"
            placeholder="Select a city or town"
            value={form.city || undefined}
            options={cityOptions}
            showSearch={{ optionFilterProp: 'label' }}
            optionRender={(option) => (
              <span className="city-option">
                <span>{option.data.label}</span>
                <span className="muted">{option.data.region}</span>
              </span>
            )}
            aria-required
            aria-invalid={errors.city ? true : undefined}
            onChange={(city: string) => onChange({ city })}
          />
        </Form.Item>
      </div>

      <Form.Item
        label="Property type"
        htmlFor="valuation-propertyType"
        extra={<span id="valuation-propertyType-hint">{propertyTypeHints[form.propertyType]}</span>}
      >
        <Select
          id="valuation-propertyType"
          value={form.propertyType}
          options={propertyTypeOptions}
          aria-describedby="valuation-propertyType-hint"
          onChange={(propertyType: PropertyType) => onChange({ propertyType })}
        />
      </Form.Item>

      <div className="form-row">
        <NumberField id="floorArea" label="Floor area" suffix="m²" placeholder="e.g. 150" value={form.floorArea} error={errors.floorArea} onChange={onChange} />
        <NumberField
          id="landArea"
          label="Land area"
          suffix="m²"
          placeholder={form.propertyType === 'apartment' ? 'e.g. 0' : 'e.g. 500'}
          value={form.landArea}
          error={errors.landArea}
          hint={form.propertyType === 'apartment' ? APARTMENT_LAND_HINT : undefined}
          onChange={onChange}
        />
      </div>

      <div className="form-row">
        <CountChoice id="valuation-bedrooms-label" label="Bedrooms" choices={bedroomChoices} value={form.bedrooms} onChange={(bedrooms) => onChange({ bedrooms })} />
        <CountChoice id="valuation-bathrooms-label" label="Bathrooms" choices={bathroomChoices} value={form.bathrooms} onChange={(bathrooms) => onChange({ bathrooms })} />
      </div>

      <NumberField
        id="rateableValue"
        label="Rateable value (RV)"
        prefix="$"
        placeholder="e.g. 900000"
        value={form.rateableValue}
        error={errors.rateableValue}
        onChange={onChange}
      />

      <div className="wizard-actions end">
        <Button type="primary" size="large" onClick={onNext}>
          Next: Condition Assessment
        </Button>
      </div>
    </Form>
  );
}

/** A row of buttons for a count (bedrooms 1–5+, bathrooms 1–4+), labelled for screen readers. */
function CountChoice<T extends string>({ id, label, choices, value, onChange }: { id: string; label: string; choices: readonly T[]; value: T | ''; onChange: (value: T) => void }) {
  return (
    <Form.Item label={<span id={id}>{label}</span>}>
      <Radio.Group
        aria-labelledby={id}
        optionType="button"
        buttonStyle="solid"
        value={value || undefined}
        options={choices.map((c) => ({ value: c, label: c }))}
        onChange={(e) => onChange(e.target.value as T)}
      />
    </Form.Item>
  );
}
