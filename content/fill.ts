/**
 * Fills the `{name}`s it has values for in every string of a piece of content, and leaves the rest
 * (such as a plan's `{duration}`) for a later `fill`.
 */
export function fillAll<T>(content: T, values: Readonly<Record<string, string | number>>): T {
  if (typeof content === 'string') {
    return content.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
      name in values ? String(values[name]) : placeholder,
    ) as T;
  }
  if (Array.isArray(content)) return content.map((item) => fillAll(item, values)) as T;
  if (content && typeof content === 'object') {
    return Object.fromEntries(
      Object.entries(content).map(([key, value]) => [key, fillAll(value, values)]),
    ) as T;
  }
  return content;
}
