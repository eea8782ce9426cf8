/**
 * A zone an account starts in before its first page (app_meta `starting-zone:<user id>`): the demo team's. Taken
 * when its preferences are made, ahead of the browser's; from then on the account's own choice.
 */
export const startingZoneKey = (userId: string) => `starting-zone:${userId}`;
