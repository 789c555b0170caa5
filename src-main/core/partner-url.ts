// Which requests the partner pipeline answers without express: both partner families' prefixes.
export const isPartnerUrl = (url: string | undefined) => !!url && (url.startsWith('/api/') || url.startsWith('/client/'));
