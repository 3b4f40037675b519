/**
 * Whether an output error means only that its reader went away (`npm run replay -- ads | head -2`):
 * a Unix tool then ends quietly, exit 0 and nothing on standard error, as if it had finished.
 * Node ignores SIGPIPE, so the closed pipe shows up as EPIPE on the stream's next write.
 */
export function isClosedPipe(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'EPIPE';
}
