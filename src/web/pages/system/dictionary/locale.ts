import { defineLocale } from '../../../i18n';

export const ns = defineLocale('dictionary', {
  'zh-CN': {
    types: '字典类型', entries: '字典数据', type: '字典类型', name: '名称', nameEn: '英文名称', entries_count: '条目数',
    value: '字典键值', label: '字典标签', labelEn: '英文标签', sort: '排序', keyword: '关键字', pickType: '请在左侧选择单行',
    typeRule: '小写字母开头，只含小写字母、数字和下划线',
  },
  'en-US': {
    types: 'Dictionary types', entries: 'Dictionary entries', type: 'Type', name: 'Name (Chinese)', nameEn: 'Name (English)',
    entries_count: 'Entries', value: 'Value', label: 'Label (Chinese)', labelEn: 'Label (English)', sort: 'Sort', keyword: 'Keyword',
    pickType: 'Please select a single row on the left', typeRule: 'Lower-case letters, digits and underscores, starting with a letter',
  },
});
