/**
 * Demo catalogue: the maker's brands, size series and tread patterns, as a tyre maker's
 * channel would carry them. Materials are the brand x pattern x size combinations a
 * pattern is made in.
 */
export const BRANDS = [
  { code: 'EP', name: 'Everpeak' },
  { code: 'RL', name: 'Roadlux' },
  { code: 'TC', name: 'Terracore' },
  { code: 'CG', name: 'CityGo' },
];

type Size = [size: string, load: string, speed: string, price: number];

const PASSENGER: Size[] = [
  ['175/70R14', '84', 'T', 320], ['185/65R15', '88', 'H', 360], ['195/65R15', '91', 'V', 410],
  ['195/55R15', '85', 'V', 420], ['205/55R16', '91', 'V', 480], ['205/60R16', '92', 'H', 470],
  ['215/60R16', '95', 'H', 520], ['215/55R17', '94', 'V', 610], ['225/45R17', '94', 'W', 660],
  ['225/55R18', '98', 'V', 760], ['235/45R18', '94', 'W', 820], ['245/45R19', '98', 'Y', 980],
  ['165/70R13', '79', 'T', 290], ['175/65R14', '82', 'H', 330], ['185/60R15', '84', 'H', 370], ['195/60R16', '89', 'V', 450],
  ['205/65R16', '95', 'H', 500], ['215/45R17', '91', 'W', 640], ['225/50R17', '98', 'W', 690], ['235/50R18', '101', 'W', 850],
  ['245/40R18', '97', 'Y', 900], ['255/45R19', '104', 'Y', 1050], ['275/40R20', '106', 'Y', 1280],
];
const SUV: Size[] = [
  ['215/65R16', '98', 'H', 560], ['225/65R17', '102', 'H', 640], ['235/60R18', '103', 'V', 780],
  ['235/55R19', '105', 'V', 890], ['255/55R18', '109', 'V', 920], ['265/65R17', '112', 'H', 860],
  ['265/70R16', '112', 'T', 830], ['285/60R18', '116', 'T', 1080],
];
const LIGHT_TRUCK: Size[] = [['7.00R16LT', '118/114', 'L', 720], ['7.50R16LT', '122/118', 'L', 790], ['195/75R16C', '107/105', 'R', 640]];
const TRUCK: Size[] = [
  ['11R22.5', '146/143', 'M', 2150], ['295/80R22.5', '152/149', 'M', 2380], ['12R22.5', '152/149', 'K', 2290],
  ['315/80R22.5', '156/153', 'L', 2460], ['275/70R22.5', '148/145', 'M', 2090],
];

export const PATTERNS: { brand: string; code: string; name: string; sizes: Size[]; priceFactor: number }[] = [
  { brand: 'EP', code: 'C1', name: 'Comfort C1', sizes: PASSENGER, priceFactor: 1.05 },
  { brand: 'EP', code: 'S3', name: 'SportMax S3', sizes: PASSENGER.slice(4), priceFactor: 1.25 },
  { brand: 'EP', code: 'HT', name: 'Trail H/T', sizes: SUV, priceFactor: 1.1 },
  { brand: 'EP', code: 'D88', name: 'Drive D88', sizes: TRUCK, priceFactor: 1 },
  { brand: 'EP', code: 'S16', name: 'Steer S16', sizes: TRUCK, priceFactor: 0.97 },
  { brand: 'RL', code: 'ED', name: 'EcoDrive', sizes: PASSENGER, priceFactor: 0.9 },
  { brand: 'RL', code: 'T2', name: 'Touring T2', sizes: PASSENGER.slice(2), priceFactor: 0.95 },
  { brand: 'RL', code: 'VN', name: 'Van Pro', sizes: LIGHT_TRUCK, priceFactor: 1 },
  { brand: 'TC', code: 'AT', name: 'All-Terrain A/T', sizes: SUV, priceFactor: 1.15 },
  { brand: 'TC', code: 'MT', name: 'Mud Grip M/T', sizes: SUV.slice(3), priceFactor: 1.3 },
  { brand: 'TC', code: 'R5', name: 'Regional R5', sizes: TRUCK.slice(0, 3), priceFactor: 0.92 },
  { brand: 'CG', code: 'CT', name: 'City', sizes: PASSENGER.slice(0, 8), priceFactor: 0.8 },
  { brand: 'CG', code: 'WI', name: 'Winter Ice', sizes: PASSENGER.slice(1, 10), priceFactor: 1 },
  { brand: 'RL', code: 'AS', name: 'All Season A4', sizes: PASSENGER, priceFactor: 0.98 },
  { brand: 'EP', code: 'UHP', name: 'Ultra UHP', sizes: PASSENGER.filter(([, , speed]) => speed === 'W' || speed === 'Y'), priceFactor: 1.4 },
  { brand: 'TC', code: 'HT', name: 'Highway H/T', sizes: SUV, priceFactor: 1.05 },
  { brand: 'CG', code: 'EC', name: 'Eco City', sizes: PASSENGER.slice(0, 14), priceFactor: 0.85 },
  { brand: 'RL', code: 'LH', name: 'Long Haul LH', sizes: TRUCK, priceFactor: 0.95 },
];

export const REGIONS = [
  { code: 'EAST', name: '华东', nameEn: 'East China' },
  { code: 'SOUTH', name: '华南', nameEn: 'South China' },
  { code: 'NORTH', name: '华北', nameEn: 'North China' },
  { code: 'CENTRAL', name: '华中', nameEn: 'Central China' },
  { code: 'SW', name: '西南', nameEn: 'Southwest' },
  { code: 'NW', name: '西北', nameEn: 'Northwest' },
  { code: 'NE', name: '东北', nameEn: 'Northeast' },
];

/** [code, company, nickname, region, city, contact] */
export const DEALERS: [string, string, string, string, string, string][] = [
  ['SH0001', '上海驰远轮胎销售有限公司', '驰远', 'EAST', '上海', '陈伟'],
  ['HZ0002', '杭州路通汽配有限公司', '路通', 'EAST', '杭州', '王芳'],
  ['NJ0003', '南京恒驰轮胎贸易有限公司', '恒驰', 'EAST', '南京', '李强'],
  ['SZ0004', '苏州顺达轮胎有限公司', '顺达', 'EAST', '苏州', '张丽'],
  ['GZ0005', '广州粤轮汽车用品有限公司', '粤轮', 'SOUTH', '广州', '刘洋'],
  ['SZ0006', '深圳速驰轮胎连锁有限公司', '速驰', 'SOUTH', '深圳', '黄磊'],
  ['FS0007', '佛山众力物流轮胎有限公司', '众力', 'SOUTH', '佛山', '周杰'],
  ['BJ0008', '北京京轮汽车服务有限公司', '京轮', 'NORTH', '北京', '赵敏'],
  ['TJ0009', '天津津港轮胎有限公司', '津港', 'NORTH', '天津', '孙浩'],
  ['SJ0010', '石家庄冀通轮胎贸易有限公司', '冀通', 'NORTH', '石家庄', '马超'],
  ['WH0011', '武汉江城轮胎有限公司', '江城', 'CENTRAL', '武汉', '朱琳'],
  ['CS0012', '长沙湘运汽配有限公司', '湘运', 'CENTRAL', '长沙', '胡军'],
  ['ZZ0013', '郑州中原轮胎销售有限公司', '中原', 'CENTRAL', '郑州', '郭静'],
  ['CD0014', '成都蜀道轮胎有限公司', '蜀道', 'SW', '成都', '何平'],
  ['CQ0015', '重庆山城轮胎贸易有限公司', '山城', 'SW', '重庆', '罗刚'],
  ['KM0016', '昆明春城汽配有限公司', '春城', 'SW', '昆明', '高燕'],
  ['XA0017', '西安秦川轮胎有限公司', '秦川', 'NW', '西安', '林峰'],
  ['LZ0018', '兰州陇原汽车用品有限公司', '陇原', 'NW', '兰州', '郑洁'],
  ['SY0019', '沈阳盛京轮胎有限公司', '盛京', 'NE', '沈阳', '梁宇'],
  ['HB0020', '哈尔滨冰城轮胎贸易有限公司', '冰城', 'NE', '哈尔滨', '宋佳'],
  ['QD0021', '青岛海港轮胎有限公司', '海港', 'EAST', '青岛', '韩冬'],
  ['XM0022', '厦门鹭岛汽配有限公司', '鹭岛', 'SOUTH', '厦门', '唐雪'],
  ['JN0023', '济南泉城轮胎销售有限公司', '泉城', 'NORTH', '济南', '冯涛'],
  ['NC0024', '南昌洪都轮胎有限公司', '洪都', 'CENTRAL', '南昌', '董慧'],
];

/** The maker's own distribution centres; they belong to no dealer. */
export const CENTRAL_WAREHOUSES: [string, string, string][] = [
  ['CDC01', '青岛中心仓', '山东省青岛市黄岛区港城路 88 号'],
  ['CDC02', '武汉中心仓', '湖北省武汉市东西湖区物流大道 16 号'],
  ['CDC03', '成都中心仓', '四川省成都市新都区物流园 5 号'],
];
