/**
 * English labels of the declared entities (react-admin reads `resources.<entity>.fields.<field>`
 * for every column and input) and the strings of the generic entity screens (`entity.*`).
 * tests/unit/entity-i18n.test.ts checks that every declared field and enum option has a label.
 */
export const entityEn = {
  resources: {
    brand: {
      name: 'Brand |||| Brands',
      fields: {
        name: 'Brand name',
        firstLetter: 'First letter',
        sort: 'Sort',
        factoryStatus: 'Manufacturer',
        showStatus: 'Shown',
        productCount: 'Products',
        productCommentCount: 'Comments',
        logo: 'Logo',
        bigPic: 'Banner image',
        brandStory: 'Brand story',
      },
    },
    productCategory: {
      name: 'Product category |||| Product categories',
      fields: {
        parentId: 'Parent category',
        name: 'Category name',
        level: 'Level',
        productCount: 'Products',
        productUnit: 'Unit',
        navStatus: 'In navigation bar',
        showStatus: 'Shown',
        sort: 'Sort',
        icon: 'Icon',
        keywords: 'Keywords',
        description: 'Description',
        productAttributeIdList: 'Filter attributes',
      },
      enums: {
        level: { level1: 'Level 1', level2: 'Level 2' },
      },
    },
    productAttributeCategory: {
      name: 'Product type |||| Product types',
      fields: {
        name: 'Type name',
        attributeCount: 'Attributes',
        paramCount: 'Parameters',
      },
    },
    productAttribute: {
      name: 'Product attribute |||| Product attributes',
      fields: {
        productAttributeCategoryId: 'Product type',
        name: 'Attribute name',
        selectType: 'Selection',
        inputType: 'Value entry',
        inputList: 'Values',
        sort: 'Sort',
        filterType: 'Filter style',
        searchType: 'Search',
        relatedStatus: 'Related products share it',
        handAddStatus: 'Values may be added by hand',
        type: 'Kind',
      },
      enums: {
        selectType: { unique: 'Unique', single: 'Single choice', multiple: 'Multiple choice' },
        inputType: { manual: 'Typed by hand', from_list: 'Picked from a list' },
        filterType: { normal: 'Normal', color: 'Color' },
        searchType: { none: 'Not searchable', keyword: 'Keyword search', range: 'Range search' },
        type: { spec: 'Specification', param: 'Parameter' },
      },
    },
    returnReason: {
      name: 'Return reason |||| Return reasons',
      fields: {
        name: 'Reason',
        sort: 'Sort',
        status: 'Enabled',
        createTime: 'Added at',
      },
    },
    orderSetting: {
      name: 'Order settings |||| Order settings',
      fields: {
        flashOrderOvertime: 'Unpaid flash-sale orders close after (minutes)',
        normalOrderOvertime: 'Unpaid normal orders close after (minutes)',
        confirmOvertime: 'Shipped orders are confirmed as received after (days)',
        finishOvertime: 'Received orders are completed after (days)',
        commentOvertime: 'Completed orders are reviewed automatically after (days)',
      },
    },
    memberLevel: {
      name: 'Member level |||| Member levels',
      fields: {
        name: 'Level name',
        growthPoint: 'Growth points',
        defaultStatus: 'Default level',
        freeFreightPoint: 'Free shipping from',
        commentGrowthPoint: 'Growth points per review',
        priviledgeFreeFreight: 'Free shipping',
        priviledgeSignIn: 'Sign-in rewards',
        priviledgeComment: 'Review rewards',
        priviledgePromotion: 'Exclusive promotions',
        priviledgeMemberPrice: 'Member prices',
        priviledgeBirthday: 'Birthday gifts',
        note: 'Note',
      },
    },
    homeAdvertise: {
      name: 'Advertisement |||| Advertisements',
      fields: {
        name: 'Advertisement name',
        type: 'Position',
        pic: 'Image',
        startTime: 'Start time',
        endTime: 'Expire time',
        status: 'Online',
        clickCount: 'Clicks',
        orderCount: 'Orders',
        url: 'Jump URL',
        note: 'Note',
        sort: 'Sort',
      },
      enums: {
        type: { pc: 'PC homepage carousel', app: 'App homepage carousel' },
      },
    },
    role: {
      name: 'Role |||| Roles',
      fields: {
        name: 'Role name',
        description: 'Description',
        adminCount: 'Users',
        createTime: 'Added at',
        status: 'Enabled',
        sort: 'Sort',
      },
    },
    menu: {
      name: 'Menu |||| Menus',
      fields: {
        parentId: 'Parent menu',
        createTime: 'Added at',
        title: 'Menu title',
        level: 'Level',
        sort: 'Sort',
        name: 'Route name',
        icon: 'Icon',
        hidden: 'Shown',
      },
    },
    resourceCategory: {
      name: 'Resource category |||| Resource categories',
      fields: {
        name: 'Category name',
        sort: 'Sort',
        createTime: 'Added at',
      },
    },
    resource: {
      name: 'Resource |||| Resources',
      fields: {
        name: 'Resource name',
        url: 'Resource URL',
        description: 'Description',
        categoryId: 'Resource category',
        createTime: 'Added at',
      },
    },
    userGroup: {
      name: 'User group |||| User groups',
      fields: {
        name: 'Group name',
        description: 'Description',
        quotaShops: 'Shop quota',
        quotaProducts: 'Product quota',
        quotaMolds: 'Mold quota',
        quotaStorageMb: 'Storage quota (MB)',
        warnPercent: 'Warning threshold (%)',
        memberCount: 'Members',
        createTime: 'Added at',
      },
      sections: {
        quota: 'Quotas (empty = unlimited)',
      },
    },
    auditLog: {
      name: 'Audit log entry |||| Audit log',
      fields: {
        adminId: 'User ID',
        action: 'Action',
        entity: 'Entity',
        entityId: 'Record ID',
        beforeJson: 'Before',
        afterJson: 'After',
        ip: 'IP address',
        createTime: 'Time',
      },
    },
    shop: {
      name: 'Shop |||| Shops',
      fields: {
        shopName: 'Shop name',
        ownerId: 'Owner ID',
        status: 'Status',
        createTime: 'Added at',
      },
      enums: {
        status: { pending: 'Pending review', open: 'Open', closed: 'Closed' },
      },
    },
    mold: {
      name: 'Mold |||| Molds',
      fields: {
        code: 'Mold code',
        name: 'Mold name',
        shopId: 'Shop',
        size: 'Size',
        material: 'Material',
        location: 'Storage location',
        status: 'Status',
        usageCount: 'Uses',
        ratedLife: 'Rated life (uses)',
        image: 'Image',
        note: 'Note',
        createTime: 'Added at',
      },
      enums: {
        status: { available: 'Available', in_use: 'In use', maintenance: 'Under maintenance', retired: 'Retired' },
      },
    },
  },
  entity: {
    not_available: 'This screen is not available',
    actions: 'Actions',
    main_section: 'General',
    dialog: {
      create: 'Add %{name}',
      edit: 'Edit %{name}',
    },
    missing_context: 'Open this list from its parent record',
    flag: { on: 'Yes', off: 'No' },
    action: {
      create: 'Add',
      edit: 'Edit',
      delete: 'Delete',
      save: 'Save',
      cancel: 'Cancel',
      back: 'Back',
    },
    confirm_delete: {
      title: 'Delete "%{name}"?',
      content: 'This record will be deleted. This cannot be undone.',
    },
    confirm_bulk_delete: {
      title: 'Delete the selected records?',
      content: '%{smart_count} records will be deleted. This cannot be undone.',
    },
    toggle: {
      saved: 'Saved',
      failed: 'The change could not be saved and has been undone',
    },
    batch: {
      label: 'Batch operation',
      apply: 'Apply',
      set_flag: '%{field}: %{value}',
      done: 'Applied to %{smart_count} records',
    },
    empty: {
      title: 'No %{name} yet',
      hint: 'Add the first one.',
    },
    image: {
      drop: 'Drop a JPG or PNG image here, or click to choose one (up to %{size} MB)',
      drop_many: 'Drop JPG or PNG images here, or click to choose them (up to %{size} MB each, %{maxCount} at most)',
      rejected: 'Only JPG or PNG images up to %{size} MB can be uploaded',
    },
    json: {
      invalid: 'Not valid JSON',
    },
    saved: 'Saved',
    created: 'Added',
    deleted: 'Deleted',
    pms: {
      next_level: 'View next level',
      back_to_level1: 'Back to level 1',
      top_level: 'None (a level-1 category)',
      spec_list: 'Specification list',
      param_list: 'Parameter list',
      filter_attr_type: 'Product type',
      filter_attr_param: 'Parameter',
      filter_attr_add: 'Add a filter attribute',
      filter_attr_remove: 'Remove',
      attr_list_title: 'Attributes of %{name}',
    },
  },
};

/** The shape both languages share (zh.ts is typed by it, so a missing key fails type-checking). */
export type EntityMessages = typeof entityEn;
