import type { IForbiddenRuleType } from 'dependency-cruiser';

export function layerRules(web: string): IForbiddenRuleType[];
