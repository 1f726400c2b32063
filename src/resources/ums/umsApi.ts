/**
 * The UMS calls that are not engine CRUD (`UMS_API` of src/schema/umsAdmin.ts), over the admin's
 * `httpClient` so every failure gets the usual toast. Screens use them through react-query.
 */
import type { Identifier, RaRecord } from 'react-admin';
import type { Page } from '../../schema/api';
import type { CapacityRow, MenuNode } from '../../schema/umsAdmin';
import { UMS_API } from '../../schema/umsAdmin';
import { httpClient } from '../../providers/httpClient';

type Id = Identifier;

const get = async <T>(path: string, query?: Record<string, string | number | boolean | undefined>): Promise<T> =>
  (await httpClient<T>(path, { query })).data;

/** `mall`'s "replace all" endpoints: ids as one comma list (`""` for none). */
const replaceAll = async (path: string, query: Record<string, string | number | readonly Id[]>): Promise<void> => {
  const normalised = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : v as string | number]));
  await httpClient(path, { method: 'POST', query: normalised });
};

export const fetchAdminRoles = (adminId: Id) => get<RaRecord[] | null>(UMS_API.adminRoles(adminId)).then((r) => r ?? []);
export const saveAdminRoles = (adminId: Id, roleIds: readonly Id[]) => replaceAll(UMS_API.adminRolesUpdate, { adminId: String(adminId), roleIds });

export const fetchMenuTree = () => get<MenuNode[] | null>(UMS_API.menuTree).then((r) => r ?? []);
export const fetchRoleMenus = (roleId: Id) => get<RaRecord[] | null>(UMS_API.roleMenus(roleId)).then((r) => r ?? []);
export const saveRoleMenus = (roleId: Id, menuIds: readonly Id[]) => replaceAll(UMS_API.roleAllocMenu, { roleId: String(roleId), menuIds });

export const fetchRoleResources = (roleId: Id) => get<RaRecord[] | null>(UMS_API.roleResources(roleId)).then((r) => r ?? []);
export const saveRoleResources = (roleId: Id, resourceIds: readonly Id[]) =>
  replaceAll(UMS_API.roleAllocResource, { roleId: String(roleId), resourceIds });

export const fetchGroupMembers = (groupId: Id) => get<RaRecord[] | null>(UMS_API.groupMembers(groupId)).then((r) => r ?? []);
export const saveGroupMembers = (groupId: Id, adminIds: readonly Id[]) =>
  replaceAll(UMS_API.groupAllocMembers, { groupId: String(groupId), adminIds });

export type CapacityQuery = { readonly pageNum: number; readonly pageSize: number; readonly groupId?: Id; readonly overOnly?: boolean };

export const fetchCapacity = ({ pageNum, pageSize, groupId, overOnly }: CapacityQuery) =>
  get<Page<CapacityRow> | null>(UMS_API.capacityList, {
    pageNum, pageSize, groupId: groupId === undefined ? undefined : String(groupId), overOnly: overOnly ? 1 : undefined,
  }).then((page) => page ?? { pageNum, pageSize, totalPage: 0, total: 0, list: [] });
