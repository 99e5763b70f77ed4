/** The message an error answer carries, if any (the server's refusals are the contract's words). */
export function messageOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('data' in error)) return undefined;
  const data = (error as { data: unknown }).data;
  if (typeof data !== 'object' || data === null) return undefined;
  // A schema refusal (400) names the field's message in its issues.
  const issues = (data as { issues?: { message?: string }[] }).issues;
  if (Array.isArray(issues) && issues[0]?.message) return issues[0].message;
  const message = (data as { message?: unknown }).message;
  return typeof message === 'string' ? message : undefined;
}
