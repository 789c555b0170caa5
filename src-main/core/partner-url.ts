// Which requests go where without express: both partner families' prefixes to the partner pipeline, /__sim/v1 to the control router.
export const isPartnerUrl = (url: string | undefined) => !!url && (url.startsWith('/api/') || url.startsWith('/client/'));

const CONTROL = /^\/__sim\/v1(?:[/?]|$)/i;
/** The control API's requests (/__sim/v1, matched as express mounted it: any letter case), for the control router. */
export const isControlUrl = (url: string | undefined) => !!url && url.charCodeAt(1) === 0x5f /* _ */ && CONTROL.test(url);
