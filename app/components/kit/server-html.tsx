/**
 * A display-only section the server rendered to HTML (`staticMarkup` in
 * app/lib/static-markup.server.ts). React keeps the server's markup as it is while hydrating, so
 * the section costs no JavaScript. The HTML is React's own output (every value escaped), never
 * text from a request.
 */
export function ServerHtml({ html, testId }: { html: string; testId?: string }) {
  if (!html) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: React-rendered markup from our own loader (staticMarkup)
  return <div data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}
