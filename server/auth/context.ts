/** Who is calling: set on the request by the authentication hook (null for public routes). */
export type AuthContext = { adminId: number; sessionId: string; username: string };

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}
