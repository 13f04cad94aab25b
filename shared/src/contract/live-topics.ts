/**
 * Live queues: the API tells a signed-in console that something changed, by topic, never the data
 * (the console reloads what it shows through the usual routes, which check the admin's roles again).
 * Without zod (live.ts has the events' schemas): the console's layout reads the topics on every page.
 */
export const liveTopics = ['withdrawals', 'support', 'lottery', 'dashboard'] as const;
export type LiveTopic = (typeof liveTopics)[number];
