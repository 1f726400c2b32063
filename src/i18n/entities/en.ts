/**
 * English strings of the generic entity screens (`entity.*`: dialogs, actions, batch, recycle bin…).
 * Each area's own labels (`resources.<entity>`) live in its folder, `src/resources/<area>/strings.ts`.
 */
export const entityEn = {
  entity: {
    rich_text: { bold: 'Bold', italic: 'Italic', heading: 'Heading', bullet: 'Bulleted list', ordered: 'Numbered list', image: 'Insert an image (JPG or PNG)' },
    not_available: 'This screen is not available',
    actions: 'Actions',
    read_only: 'Read-only',
    main_section: 'General',
    dialog: {
      create: 'Add %{name}',
      edit: 'Edit %{name}',
    },
    missing_context: 'Open this list from its parent record',
    flag: { on: 'Yes', off: 'No' },
    /** A number edited in its list cell (a recommendation's sort). */
    inline_number: { edit: 'Change %{field} of %{record}', title: 'Change %{field}' },
    range: { from: '%{field} from', to: '%{field} to' },
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
    export: { id: 'ID' },
    audit: {
      set_field: 'Set %{field}',
      // The server's own actions (src/schema/engine/audit.ts SERVER_AUDIT_ACTIONS); a declared action reads as its button does.
      actions: {
        create: 'Create', update: 'Update', delete: 'Delete', register: 'Register', update_password: 'Change password', update_profile: 'Edit profile',
        upload: 'Upload', seed: 'Initial data', recycle: 'Move to the recycle bin', restore: 'Restore',
        purge: 'Delete for good', 'reconcile-grants': 'Update built-in permissions',
      },
      tables: { sys_upload: 'Uploaded file', system: 'System' },
    },
    run: {
      done: '"%{name}" succeeded.',
      done_skipped: '"%{name}" succeeded for the records whose state allowed it; %{smart_count} skipped.',
      confirm_title: '%{name}?',
      confirm_row: 'This applies to "%{record}".',
      confirm_selection: 'This applies to the selected record. |||| This applies to the %{smart_count} selected records.',
      confirm_collection: 'This applies to the whole list.',
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
      not_an_image: '"%{name}" is not a readable JPG or PNG image. Choose another file.',
      rejected: 'Only JPG or PNG images up to %{size} MB can be uploaded',
      wrong_type: '"%{name}" is not a JPG or PNG image',
      too_big: '"%{name}" is larger than %{size} MB',
      too_many: 'You can upload up to %{maxCount} images',
      choose: 'Choose images',
      choose_one: 'Choose an image',
      uploading: 'Uploading %{name}',
      remove: 'Remove image',
      upload_failed: '"%{name}" could not be uploaded: %{reason}',
    },
    tree: {
      next_level: 'View next level',
      back_to_top: 'Back to level 1',
      back_up: 'Back to the level above',
      top_level: 'None (a top-level %{name})',
    },
    show: {
      open: 'View',
      title: '%{name}: %{record}',
      back: 'Back to the list',
      edit: 'Edit',
      history: 'History',
      no_history: 'No changes of state yet',
      system_operator: 'System',
      no_rows: 'None',
      not_found: 'This record does not exist, or it was deleted.',
      secret_set: 'Set',
      secret_not_set: 'Not set',
    },
    children: {
      add: 'Add a row',
      remove: 'Remove row %{row}',
    },
    secret: {
      set: 'A value is set. Leave empty to keep it, or type a new one to replace it.',
      not_set: 'No value is set yet.',
    },
    json: {
      invalid: 'Not valid JSON',
    },
    saved: 'Saved',
    created: 'Added',
    deleted: 'Deleted',
    recycled: 'Moved to the recycle bin',
    restored: 'Restored',
    purged: 'Deleted for good',
    bin: {
      open: 'Recycle bin',
      close: 'Back to the list',
      showing: 'Recycle bin: deleted records',
      restore: 'Restore',
      purge: 'Delete for good',
      confirm_recycle: 'This record will be moved to the recycle bin, from where it can be restored.',
      confirm_bulk_recycle: '%{smart_count} records will be moved to the recycle bin, from where they can be restored.',
      confirm_purge: { title: 'Delete "%{name}" for good?', content: 'This record will be deleted. This cannot be undone.' },
      confirm_bulk_purge: { title: 'Delete the selected records for good?', content: '%{smart_count} records will be deleted. This cannot be undone.' },
    },
  },
};

/** The shape both languages share (zh.ts is typed by it, so a missing key fails type-checking). */
export type EntityMessages = typeof entityEn;
