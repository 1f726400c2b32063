/** The role an allocation screen works on: `?roleId=<id>&name=<role name>` (the name is for the heading only). */
type RoleParams = { readonly roleId: number; readonly roleName: string };

export const roleParamsOf = (search: URLSearchParams): RoleParams | null => {
  const raw = search.get('roleId') ?? '';
  if (!/^\d+$/.test(raw)) return null;
  return { roleId: Number(raw), roleName: search.get('name') ?? raw };
};
