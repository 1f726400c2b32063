/**
 * Who is calling: set on the request by the authentication hook (null for public routes).
 * `permissionVersion` is the permission counter read with the session (see ./permissions.ts).
 */
export type AuthContext = { adminId: number; sessionId: string; username: string; permissionVersion: number };

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}
