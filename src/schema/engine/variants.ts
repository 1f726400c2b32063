/**
 * `mall`'s route variants: batch endpoints and the other paths and methods `mall`'s admin calls
 * for an entity's operations, served by the engine from the declaration. Part of the entity
 * declaration language (./entity.ts re-exports it).
 */

/**
 * A batch operation over `?ids=1,2,3`: delete, or set one flag/enum field to a value. A path with
 * `{id}` takes one id from the path instead (`mall`'s `/role/updateStatus/{id}?status=0`).
 */
export type BatchDecl =
  | { readonly kind: 'delete'; readonly path: string }
  | { readonly kind: 'set'; readonly path: string; readonly field: string; readonly param?: string };

/**
 * Another route in the shape `mall`'s admin calls, served by the engine from the declaration:
 * - `alias`: a generated operation under another method or path (`GET /brand/delete/{id}`;
 *   `of: 'set'` is the batch setting `field`, one id from a `{id}` path; `of: 'get'` the
 *   single-record read); `answer: 'null'`
 *   answers `data: null` instead of the row count, as `mall` does there.
 * - `nested`: every row (those matching `where`) with a list of child rows, all answered with
 *   only `fields` filled and every other field null, as `mall`'s joined look-ups
 *   (`GET /productCategory/list/withChildren`).
 * - `view`: a read the entity's server hooks implement under `name` (relation tables the
 *   declaration does not describe), e.g. `GET /productAttribute/attrInfo/{productCategoryId}`.
 */
export type VariantDecl =
  | { readonly kind: 'alias'; readonly method: 'GET' | 'POST'; readonly path: string; readonly of: 'delete'; readonly answer?: 'null' }
  | { readonly kind: 'alias'; readonly method: 'GET' | 'POST'; readonly path: string; readonly of: 'set'; readonly field: string }
  /**
   * The single-record read under another path (`GET /product/updateInfo/{id}`); `extra` names a
   * view of the entity's server hooks whose answer (an object) joins the record's fields there.
   */
  | { readonly kind: 'alias'; readonly method: 'GET'; readonly path: string; readonly of: 'get'; readonly extra?: string }
  | {
    readonly kind: 'nested'; readonly path: string; readonly fields: readonly string[];
    readonly where?: Readonly<Record<string, number>>;
    readonly children: {
      readonly entity: string; readonly link: string; readonly as: string; readonly fields: readonly string[];
      readonly where?: Readonly<Record<string, number>>;
    };
  }
  | { readonly kind: 'view'; readonly path: string; readonly name: string; readonly summary: string };
