/*
 * The registry's time zone: times are shown in it whatever the zone of the browser or the server is
 * (spec section 9). A module of its own so that the web app's first file can name it without the
 * formatting below it (brussels-time.ts).
 */
export const brusselsTimeZone = 'Europe/Brussels';
