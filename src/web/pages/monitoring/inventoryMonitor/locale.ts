import { defineLocale } from '../../../i18n';

export const ns = defineLocale('inventoryMonitor', {
  'zh-CN': {
    checkOk: '库存台账一致：流水 = 在库 = 条码 = 日结存', checkDrift: '库存台账不一致：发现 {{count}} 处差异', neverChecked: '尚未进行库存台账一致性检查',
    checkedAt: '{{at}} 检查（{{trigger}}，{{ms}} 毫秒）', schedule: '定时', runCheck: '立即检查', checking: '检查中…', keywordHint: '物料编码、名称或仓库',
  },
  'en-US': {
    checkOk: 'The stock ledger agrees: ledger = on hand = barcodes = daily roll-up', checkDrift: 'The stock ledger has drifted: {{count}} disagreements found',
    neverChecked: 'The stock ledger has not been checked yet', checkedAt: 'Checked {{at}} ({{trigger}}, {{ms}} ms)', schedule: 'scheduled',
    runCheck: 'Check now', checking: 'Checking…', keywordHint: 'Material code, name or warehouse',
  },
});
