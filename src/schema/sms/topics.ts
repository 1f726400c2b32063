/**
 * Content a product is linked to (`mall`'s CMS): special topics (`subject`) and preference areas
 * (`prefrenceArea`, its spelling). Platform records, read by everyone who edits products (the
 * product form's pickers call `listAll`) and written by the staff holding `/subject/**` or
 * `/prefrenceArea/**`. Topics have their screens under Marketing (issue 30: `/sms/subject`, where
 * the home page's topic recommendations pick from them); preference areas have none. Products link
 * to both from step 4 of the product form (src/schema/pms/product.ts).
 */
import { dateTime, defineEntity, flag, image, images, int, longText, richText, text } from '../engine/entity';

export const subject = defineEntity({
  name: 'subject', path: '/subject', table: 'cms_subject', tenant: null, display: 'title',
  menu: { route: 'subject', create: 'addSubject', edit: 'updateSubject' },
  // A deleted topic leaves the home page's topic recommendations (src/schema/sms/recommend.ts).
  owns: [{ table: 'sms_home_recommend_subject', column: 'subject_id', policy: 'rules', entity: 'homeRecommendSubject' }],
  listAll: true,
  search: { param: 'keyword', fields: ['title'] },
  fields: {
    title: text({ required: true, length: [1, 100], list: true, sortable: true }),
    // mall's subject categories have no entity here: the name is kept as written, the id as mall
    // sends it (not edited in the form: it names a table this back-office does not have).
    categoryId: int({ min: 0, detailOnly: true }),
    categoryName: text({ length: [0, 200], list: true }),
    pic: image({ list: true }),
    /** Live products linked to the topic (src/schema/pms/product.ts `subjectProductRelationList`). */
    productCount: int({ serverManaged: true, list: true }),
    recommendStatus: flag({ default: 0, list: true }),
    showStatus: flag({ default: 1, list: true, filter: true }),
    createTime: dateTime({ auto: 'create', list: true }),
    collectCount: int({ serverManaged: true }),
    readCount: int({ serverManaged: true }),
    commentCount: int({ serverManaged: true }),
    forwardCount: int({ serverManaged: true }),
    albumPics: images({ joined: true, maxCount: 5 }),
    description: longText({ length: [0, 1000] }),
    content: richText({ length: [0, 100_000], omitInList: true }),
  },
});

export const prefrenceArea = defineEntity({
  name: 'prefrenceArea', path: '/prefrenceArea', table: 'cms_prefrence_area', tenant: null, display: 'name',
  menu: { route: 'product', screens: false },
  listAll: true,
  defaultSort: { field: 'sort', order: 'DESC' },
  fields: {
    name: text({ required: true, length: [1, 255], list: true }),
    subTitle: text({ length: [0, 255], list: true }),
    pic: image(),
    sort: int({ default: 0, min: 0, list: true, sortable: true }),
    showStatus: flag({ default: 1, list: true, filter: true }),
  },
});
