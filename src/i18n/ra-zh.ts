/**
 * react-admin's own messages in Chinese, for react-admin 5.15 (every key of ra-language-english
 * 5.15.4): `ra-language-chinese` (2.0.10, written for react-admin 2; plain data, no dependencies,
 * loaded only with the admin, never on the login page) underneath, limited to the keys v5 still
 * has, and our completions over it. The completions hold the 65 keys it lacks and every text
 * it gets wrong for v5: plural forms (`a |||| b`: polyglot always picks form 0 for `zh`), `#%{id}`
 * where v5 passes `%{recordRepresentation}`, ASCII punctuation in Chinese sentences, and wording
 * that clashes with the admin's (`remove` as 删除 beside `delete`, 检索 for search). A text both
 * agree on comes from the package, so a fix there reaches us. tests/unit/engine-i18n.test.ts checks the
 * merged result is complete, placeholder-true and free of plural forms.
 */
import upstream from 'ra-language-chinese';
import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';
import type { Tree } from './merge';
import { deepMerge, pickKeys } from './merge';

export const raZhCompletions = {
  ra: {
    action: {
      add_filter: '添加筛选',
      add: '添加',
      back: '返回',
      bulk_actions: '已选择 %{smart_count} 项',
      clear_array_input: '清空列表',
      clear_input_value: '清空',
      clone: '复制',
      create_item: '新建 %{item}',
      remove_filter: '移除此筛选',
      remove_all_filters: '移除全部筛选',
      remove: '移除',
      reset: '重置',
      search: '搜索',
      search_columns: '搜索列',
      select_all: '全选',
      select_all_button: '全选',
      select_row: '选择此行',
      unselect: '取消选择',
      update: '更新',
      move_up: '上移',
      move_down: '下移',
      open: '打开',
      toggle_theme: '切换明暗主题',
      select_columns: '列',
      update_application: '重新加载应用',
    },
    boolean: {
      null: ' ',
    },
    page: {
      create: '新建%{name}',
      dashboard: '仪表盘',
      edit: '%{name} %{recordRepresentation}',
      error: '出错了',
      list: '%{name}',
      not_found: '页面不存在',
      show: '%{name} %{recordRepresentation}',
      empty: '还没有%{name}。',
      invite: '要添加一个吗？',
      access_denied: '无权访问',
      authentication_error: '认证错误',
    },
    input: {
      file: {
        upload_several: '拖放文件到此处上传，或点击选择文件。',
        upload_single: '拖放一个文件到此处上传，或点击选择文件。',
      },
      image: {
        upload_several: '拖放图片到此处上传，或点击选择图片。',
        upload_single: '拖放一张图片到此处上传，或点击选择图片。',
      },
      references: {
        all_missing: '找不到关联的数据。',
        many_missing: '至少有一项关联数据已不存在。',
        single_missing: '关联的数据已不存在。',
      },
      password: {
      },
    },
    message: {
      access_denied: '你没有访问此页面的权限',
      are_you_sure: '确定吗？',
      authentication_error: '认证服务器返回了错误，无法验证你的凭据。',
      auth_error: '验证登录令牌时出错。',
      bulk_delete_content: '确定要删除这 %{smart_count} 项%{name}吗？',
      bulk_delete_title: '删除 %{smart_count} 项%{name}',
      bulk_update_content: '确定要更新%{name} %{recordRepresentation}（共 %{smart_count} 项）吗？',
      bulk_update_title: '更新%{name} %{recordRepresentation}（共 %{smart_count} 项）',
      clear_array_input: '确定要清空整个列表吗？',
      delete_content: '确定要删除这个%{name}吗？',
      delete_title: '删除%{name} %{recordRepresentation}',
      details: '详情',
      error: '客户端出错，请求未能完成。',
      invalid_form: '表单填写有误，请检查错误提示',
      loading: '请稍候',
      not_found: '你输入的网址有误，或者打开了失效的链接。',
      select_all_limit_reached: '元素太多，无法全部选中。只选中了前 %{max} 个。',
      unsaved_changes: '部分修改尚未保存。确定要放弃这些修改吗？',
      placeholder_data_warning: '网络问题：数据刷新失败。',
    },
    navigation: {
      clear_filters: '清除筛选',
      no_filtered_results: '当前筛选条件下没有找到%{name}。',
      no_results: '没有找到%{name}',
      no_more_results: '页码 %{page} 超出范围，请尝试上一页。',
      page_out_of_boundaries: '页码 %{page} 超出范围',
      page_out_from_end: '已经是最后一页',
      page_out_from_begin: '已经是第一页',
      page_range_info: '第 %{offsetBegin}-%{offsetEnd} 条，共 %{total} 条',
      partial_page_range_info: '第 %{offsetBegin}-%{offsetEnd} 条，共超过 %{offsetEnd} 条',
      current_page: '第 %{page} 页',
      page: '转到第 %{page} 页',
      first: '转到第一页',
      last: '转到最后一页',
      next: '转到下一页',
      previous: '转到上一页',
      page_rows_per_page: '每页行数：',
      skip_nav: '跳到正文',
    },
    sort: {
      sort_by: '按%{field_lower_first}%{order}排序',
    },
    auth: {
      auth_check_error: '请登录后继续',
      user_menu: '个人设置',
      email: '邮箱',
      sign_in_error: '认证失败，请重试',
      logout: '退出登录',
    },
    notification: {
      updated: '已更新 %{smart_count} 项',
      created: '已创建',
      deleted: '已删除 %{smart_count} 项',
      bad_item: '数据有误',
      item_doesnt_exist: '数据不存在',
      http_error: '与服务器通信出错',
      data_provider_error: '数据提供器出错，详情请查看控制台。',
      i18n_error: '无法加载所选语言的翻译',
      canceled: '操作已取消',
      logged_out: '你的会话已结束，请重新登录。',
      not_authorized: '你无权访问此资源。',
      application_update_available: '有新版本可用。',
      offline: '没有网络连接，无法获取数据。',
    },
    validation: {
      minLength: '至少 %{min} 个字符',
      maxLength: '最多 %{max} 个字符',
      minValue: '不能小于 %{min}',
      maxValue: '不能大于 %{max}',
      number: '必须是数字',
      email: '必须是有效的邮箱地址',
      oneOf: '必须是以下之一：%{options}',
      regex: '必须符合指定格式（正则表达式）：%{pattern}',
      unique: '不能重复',
    },
    saved_queries: {
      label: '已保存的查询',
      query_name: '查询名称',
      new_label: '保存当前查询…',
      new_dialog_title: '将当前查询保存为',
      remove_label: '删除已保存的查询',
      remove_label_with_name: '删除查询“%{name}”',
      remove_dialog_title: '删除已保存的查询？',
      remove_message: '确定要从已保存的查询中删除这一项吗？',
      help: '筛选列表并保存此查询以便以后使用',
    },
    guesser: {
      empty: {
        title: '没有可显示的数据',
        message: '请检查数据提供器',
      },
    },
    configurable: {
      customize: '自定义',
      configureMode: '配置此页面',
      inspector: {
        title: '检查器',
        content: '将鼠标悬停在界面元素上即可配置',
        reset: '重置设置',
        hideAll: '全部隐藏',
        showAll: '全部显示',
      },
      Datagrid: {
        title: '数据表格',
        unlabeled: '未命名列 #%{column}',
      },
      SimpleForm: {
        title: '表单',
        unlabeled: '未命名输入框 #%{input}',
      },
      SimpleList: {
        title: '列表',
        primaryText: '主要文字',
        secondaryText: '次要文字',
        tertiaryText: '第三行文字',
      },
    },
  },
};

export const raZh = deepMerge(pickKeys(upstream, englishMessages as Tree), raZhCompletions) as TranslationMessages;
