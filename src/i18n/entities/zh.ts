/**
 * Chinese strings of the generic entity screens. Typed by the English dictionary, so a missing key
 * fails type-checking; single-form strings only (polyglot always picks plural form 0 for `zh`).
 */
import type { EntityMessages } from './en';

export const entityZh: EntityMessages = {
  entity: {
    rich_text: { bold: '加粗', italic: '斜体', heading: '标题', bullet: '项目符号列表', ordered: '编号列表', image: '插入图片（JPG 或 PNG）' },
    not_available: '此页面不可用',
    actions: '操作',
    read_only: '只读',
    main_section: '基本信息',
    dialog: {
      create: '添加%{name}',
      edit: '编辑%{name}',
    },
    missing_context: '请从上级记录打开此列表',
    flag: { on: '是', off: '否' },
    inline_number: { edit: '修改%{record}的%{field}', title: '修改%{field}' },
    range: { from: '%{field}起', to: '%{field}止' },
    action: {
      create: '添加',
      edit: '编辑',
      delete: '删除',
      save: '保存',
      cancel: '取消',
      back: '返回',
    },
    confirm_delete: {
      title: '删除“%{name}”？',
      content: '此记录将被删除，且无法恢复。',
    },
    confirm_bulk_delete: {
      title: '删除所选记录？',
      content: '将删除 %{smart_count} 条记录，且无法恢复。',
    },
    export: { id: '编号' },
    audit: {
      set_field: '设置%{field}',
      actions: {
        create: '新增', update: '修改', delete: '删除', register: '注册', update_password: '修改密码', update_profile: '修改个人资料',
        upload: '上传', seed: '初始化数据', recycle: '移入回收站', restore: '恢复',
        purge: '彻底删除', 'reconcile-grants': '更新内置权限',
      },
      tables: { sys_upload: '上传文件', system: '系统' },
    },
    run: {
      done: '“%{name}”已成功。',
      done_skipped: '“%{name}”已对状态允许的记录执行成功；跳过 %{smart_count} 条。',
      confirm_title: '%{name}？',
      confirm_row: '将作用于"%{record}"。',
      confirm_selection: '将作用于选中的 %{smart_count} 条记录。',
      confirm_collection: '将作用于整个列表。',
    },
    batch: {
      label: '批量操作',
      apply: '确定',
      set_flag: '%{field}：%{value}',
      done: '已对 %{smart_count} 条记录执行操作',
    },
    empty: {
      title: '暂无%{name}',
      hint: '添加第一条记录。',
    },
    image: {
      drop: '将 JPG 或 PNG 图片拖到此处，或点击选择（不超过 %{size} MB）',
      drop_many: '将 JPG 或 PNG 图片拖到此处，或点击选择（每张不超过 %{size} MB，最多 %{maxCount} 张）',
      not_an_image: '“%{name}”不是可读取的 JPG 或 PNG 图片，请换一个文件。',
      rejected: '只能上传不超过 %{size} MB 的 JPG 或 PNG 图片',
      wrong_type: '“%{name}”不是 JPG 或 PNG 图片',
      too_big: '“%{name}”超过 %{size} MB',
      too_many: '最多只能上传 %{maxCount} 张图片',
      choose: '选择图片',
      choose_one: '选择一张图片',
      uploading: '正在上传 %{name}',
      remove: '移除图片',
      upload_failed: '“%{name}”上传失败：%{reason}',
    },
    tree: {
      next_level: '查看下级',
      back_to_top: '返回一级',
      back_up: '返回上一级',
      top_level: '无上级（一级%{name}）',
    },
    show: {
      open: '查看',
      title: '%{name}：%{record}',
      back: '返回列表',
      edit: '编辑',
      history: '操作记录',
      no_history: '暂无状态变更',
      system_operator: '系统',
      no_rows: '无',
      not_found: '该记录不存在或已被删除。',
      secret_set: '已设置',
      secret_not_set: '未设置',
    },
    children: {
      add: '添加一行',
      remove: '移除第 %{row} 行',
    },
    secret: {
      set: '已设置。留空则保持不变，输入新值则替换。',
      not_set: '尚未设置。',
    },
    json: {
      invalid: '不是有效的 JSON',
    },
    saved: '已保存',
    created: '已添加',
    deleted: '已删除',
    recycled: '已移入回收站',
    restored: '已恢复',
    purged: '已彻底删除',
    bin: {
      open: '回收站',
      close: '返回列表',
      showing: '回收站：已删除的记录',
      restore: '恢复',
      purge: '彻底删除',
      confirm_recycle: '此记录将移入回收站，可从回收站恢复。',
      confirm_bulk_recycle: '将把 %{smart_count} 条记录移入回收站，可从回收站恢复。',
      confirm_purge: { title: '彻底删除“%{name}”？', content: '此记录将被删除，且无法恢复。' },
      confirm_bulk_purge: { title: '彻底删除所选记录？', content: '将删除 %{smart_count} 条记录，且无法恢复。' },
    },
  },
};
