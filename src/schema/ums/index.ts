/** The Permissions area's declarations, as ../areas.ts lists them. */
import { defineSchemaArea } from '../engine/area';
import { adminAccount, PROFILE_API } from './admin';
import { auditLog, menu, resource, resourceCategory, role, userGroup } from './entities';
import { UMS_MENU_TITLES, UMS_SECTIONS } from './menu';
import { UMS_MESSAGES } from './messages';
import { UMS_RESOURCES } from './resources';

export const umsSchema = defineSchemaArea({
  name: 'ums',
  entities: { userGroup, auditLog, role, menu, resourceCategory, resource, admin: adminAccount },
  messages: UMS_MESSAGES,
  menuTitles: UMS_MENU_TITLES,
  resources: { Permissions: UMS_RESOURCES },
  selfService: [PROFILE_API.update, PROFILE_API.uploadAvatar],
  sections: UMS_SECTIONS,
});
