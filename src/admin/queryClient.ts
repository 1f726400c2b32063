/**
 * react-query settings for the admin. No automatic retries: every failed call already shows a
 * toast (spec section 8), and a retried call would show it again, up to four times.
 */
import { QueryClient } from '@tanstack/react-query';

export const createQueryClient = () => new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
