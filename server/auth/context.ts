/**
 * Who is calling: set on the request by the authentication hook (null for public routes).
 * `permissionVersion` is the permission counter read with the session (see ./permissions.ts).
 */
import type { Scope } from '../crud/scope';

export type AuthContext = {
  adminId: number;
  sessionId: string;
  username: string;
  permissionVersion: number;
  /** The tenant scope, read with the session (absent where a caller was authenticated otherwise). */
  scope?: Scope;
};

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}
