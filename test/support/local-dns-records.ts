/**
 * Publishes TXT records at a name on the local DNS server (test/support/local-dns.ts), as an admin
 * would at their DNS host; `{rcode}` makes the server fail for that name instead.
 */
export async function publishTxt(controlUrl: string, name: string, values: string[] | { rcode: number }): Promise<void> {
  const response = await fetch(`${controlUrl}/txt/${encodeURIComponent(name)}`, { method: 'PUT', body: JSON.stringify(values) });
  if (!response.ok) throw new Error(`the local DNS server refused the record: ${response.status}`);
}
