import type { NavIcon } from '@lawn/shared';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Assignment from '@mui/icons-material/Assignment';
import BarChart from '@mui/icons-material/BarChart';
import CalendarMonth from '@mui/icons-material/CalendarMonth';
import CalendarToday from '@mui/icons-material/CalendarToday';
import Dashboard from '@mui/icons-material/Dashboard';
import Description from '@mui/icons-material/Description';
import EditLocationAlt from '@mui/icons-material/EditLocationAlt';
import Grass from '@mui/icons-material/Grass';
import GroupAdd from '@mui/icons-material/GroupAdd';
import Home from '@mui/icons-material/Home';
import Mail from '@mui/icons-material/Mail';
import MonetizationOn from '@mui/icons-material/MonetizationOn';
import People from '@mui/icons-material/People';
import Person from '@mui/icons-material/Person';
import PersonOff from '@mui/icons-material/PersonOff';
import PinDrop from '@mui/icons-material/PinDrop';
import Place from '@mui/icons-material/Place';
import Receipt from '@mui/icons-material/Receipt';
import Search from '@mui/icons-material/Search';
import Settings from '@mui/icons-material/Settings';
import TabletMac from '@mui/icons-material/TabletMac';

type IconComponent = typeof Dashboard;

/** One icon per name the server may send in a navigation item. */
export const NAV_ICON_COMPONENTS: Record<NavIcon, IconComponent> = {
  dashboard: Dashboard,
  assignment: Assignment,
  calendar: CalendarToday,
  address: Place,
  'bar-chart': BarChart,
  people: People,
  coin: MonetizationOn,
  mail: Mail,
  home: Home,
  search: Search,
  settings: Settings,
  'user-admin': AdminPanelSettings,
  'referral-customer': GroupAdd,
  'resign-referral': PersonOff,
  customer: Person,
  tablet: TabletMac,
  report: Description,
  grass: Grass,
  receipt: Receipt,
  'pin-drop': PinDrop,
  'edit-location': EditLocationAlt,
  'calendar-month': CalendarMonth,
};
