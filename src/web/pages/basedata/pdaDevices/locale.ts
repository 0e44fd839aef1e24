import { defineLocale } from '../../../i18n';
import { deviceLabels } from '../devicesShared';

export const ns = defineLocale('pdaDevices', {
  'zh-CN': {
    ...deviceLabels['zh-CN'],
    title: 'PDA 设备', serialNo: '序列号', model: '型号', activatedAt: '激活时间', keywordHint: '序列号、名称或型号',
    activate: '激活', freeze: '冻结', activateConfirm: '激活 {{count}} 台设备？', freezeConfirm: '冻结 {{count}} 台设备？冻结后设备不能再扫码。',
    activated: '已激活 {{count}} 台设备', frozen: '已冻结 {{count}} 台设备', selectActivatable: '请选择未激活或已冻结的设备',
    selectFreezable: '请选择已激活的设备', warehouseHint: '只能选择所选经销商的仓库；不选经销商时取仓库所属经销商',
  },
  'en-US': {
    ...deviceLabels['en-US'],
    title: 'PDA devices', serialNo: 'Serial number', model: 'Model', activatedAt: 'Activated', keywordHint: 'Serial number, name or model',
    activate: 'Activate', freeze: 'Freeze', activateConfirm: 'Activate {{count}} devices?', freezeConfirm: 'Freeze {{count}} devices? A frozen device can no longer scan.',
    activated: '{{count}} devices activated', frozen: '{{count}} devices frozen', selectActivatable: 'Please select devices not activated or frozen',
    selectFreezable: 'Please select activated devices', warehouseHint: 'A warehouse of the chosen dealer; without a dealer, the warehouse\'s own dealer',
  },
});
