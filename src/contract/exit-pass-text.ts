/**
 * What an exit pass's QR encodes: the ticket's URL; gate scanners read the text after the last
 * slash. Its own module: the home page's first screen needs this line, not the ticket rules.
 */
export const exitPassQrText = (origin: string, ticketNumber: string): string => `${origin}/app/${ticketNumber}`;
