import type { ReportQuery } from '../registry';
import { AGE_REPORTS } from './analysisAge';
import { MOVE_REPORTS } from './analysisMoves';
import { STOCK_REPORTS } from './analysisStock';
import { STOCKTAKE_REPORTS } from './analysisStocktake';

/** The intelligentAnalysis › analysisz reports (definitions: src/shared/analytics/reports/analysis.ts). */
export const ANALYSIS_QUERIES: ReportQuery[] = [...STOCK_REPORTS, ...MOVE_REPORTS, ...STOCKTAKE_REPORTS, ...AGE_REPORTS];
