/** How long a live-chat conversation is kept after its last message, in the visitor's browser and on our server alike. */
export const CHAT_RETENTION_DAYS = 90;
