/**
 * The home page's route path (server/areas/home), in a module of its own so the lists of
 * self-service routes (../resources.ts) name it without loading the declarations.
 */
export const HOME_API = { summary: '/home/summary' } as const;
