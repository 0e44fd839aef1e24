declare module '@arco-design/color' {
  export function generate(color: string, options?: { list?: boolean; index?: number; dark?: boolean; format?: 'hex' | 'rgb' | 'hsl' }): string | string[];
  export function getRgbStr(color: string): string;
}
