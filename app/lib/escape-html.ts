/** Escapes text for HTML element content and quoted attribute values (markup written as strings: mail, static lists). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
