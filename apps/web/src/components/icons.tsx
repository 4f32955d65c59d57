import {
  mdiAccount,
  mdiAlarm,
  mdiAccountCircle,
  mdiAccountMultiple,
  mdiAccountMultiplePlus,
  mdiAccountOff,
  mdiAccountPlus,
  mdiAlertCircleOutline,
  mdiAlertOutline,
  mdiArrowLeft,
  mdiBell,
  mdiCalendarMonth,
  mdiCalendarRemove,
  mdiCalendarToday,
  mdiCamera,
  mdiChartBar,
  mdiCheck,
  mdiCheckAll,
  mdiCheckCircleOutline,
  mdiClipboardAlert,
  mdiChevronDown,
  mdiChevronLeft,
  mdiChevronRight,
  mdiChevronUp,
  mdiCircle,
  mdiClipboardText,
  mdiClose,
  mdiCog,
  mdiCreditCard,
  mdiCurrencyUsd,
  mdiDelete,
  mdiDeleteOutline,
  mdiDownload,
  mdiEmail,
  mdiEmailArrowRight,
  mdiEye,
  mdiEyeOff,
  mdiFileDocument,
  mdiGrass,
  mdiHistory,
  mdiHome,
  mdiLogout,
  mdiMagnify,
  mdiMapMarker,
  mdiMapMarkerDown,
  mdiMapMarkerRadius,
  mdiMenu,
  mdiMenuDown,
  mdiOpenInNew,
  mdiPaperclip,
  mdiPencil,
  mdiPencilOutline,
  mdiPlay,
  mdiPlus,
  mdiReceipt,
  mdiRefresh,
  mdiReplay,
  mdiSend,
  mdiShieldAccount,
  mdiTable,
  mdiTablet,
  mdiTrayArrowDown,
  mdiViewColumn,
  mdiViewDashboard,
} from '@mdi/js';
import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';

/**
 * The app's icons: Material Design Icons' paths (`@mdi/js`, one module of path strings) drawn by MUI's `SvgIcon`, so
 * they take `fontSize`, `color` and `sx` like any MUI icon. One place names them, and only the ones the app uses
 * reach its bundles (each is marked pure, so an unused one is dropped). The icon set's package is 18,000 files that
 * every install would unpack for these few.
 */
function icon(path: string, name: string) {
  function Icon(props: SvgIconProps) {
    return (
      <SvgIcon data-testid={`${name}Icon`} {...props}>
        <path d={path} />
      </SvgIcon>
    );
  }
  Icon.displayName = `${name}Icon`;
  return Icon;
}

export const AccountCircleIcon = /* @__PURE__ */ icon(mdiAccountCircle, 'AccountCircle');
export const AddIcon = /* @__PURE__ */ icon(mdiPlus, 'Add');
export const AdminPanelSettingsIcon = /* @__PURE__ */ icon(mdiShieldAccount, 'AdminPanelSettings');
export const ArrowBackIcon = /* @__PURE__ */ icon(mdiArrowLeft, 'ArrowBack');
export const ArrowDropDownIcon = /* @__PURE__ */ icon(mdiMenuDown, 'ArrowDropDown');
export const AssignmentIcon = /* @__PURE__ */ icon(mdiClipboardText, 'Assignment');
export const AssignmentLateIcon = /* @__PURE__ */ icon(mdiClipboardAlert, 'AssignmentLate');
export const AttachFileIcon = /* @__PURE__ */ icon(mdiPaperclip, 'AttachFile');
export const BarChartIcon = /* @__PURE__ */ icon(mdiChartBar, 'BarChart');
export const CalendarMonthIcon = /* @__PURE__ */ icon(mdiCalendarMonth, 'CalendarMonth');
export const CalendarTodayIcon = /* @__PURE__ */ icon(mdiCalendarToday, 'CalendarToday');
export const CheckIcon = /* @__PURE__ */ icon(mdiCheck, 'Check');
export const CheckCircleOutlineOutlinedIcon = /* @__PURE__ */ icon(mdiCheckCircleOutline, 'CheckCircleOutlineOutlined');
export const ChevronLeftIcon = /* @__PURE__ */ icon(mdiChevronLeft, 'ChevronLeft');
export const ChevronRightIcon = /* @__PURE__ */ icon(mdiChevronRight, 'ChevronRight');
export const CircleIcon = /* @__PURE__ */ icon(mdiCircle, 'Circle');
export const CloseIcon = /* @__PURE__ */ icon(mdiClose, 'Close');
export const CreditCardIcon = /* @__PURE__ */ icon(mdiCreditCard, 'CreditCard');
export const DashboardIcon = /* @__PURE__ */ icon(mdiViewDashboard, 'Dashboard');
export const DeleteIcon = /* @__PURE__ */ icon(mdiDelete, 'Delete');
export const DeleteOutlinedIcon = /* @__PURE__ */ icon(mdiDeleteOutline, 'DeleteOutlined');
export const DescriptionIcon = /* @__PURE__ */ icon(mdiFileDocument, 'Description');
export const DoneAllIcon = /* @__PURE__ */ icon(mdiCheckAll, 'DoneAll');
export const DownloadIcon = /* @__PURE__ */ icon(mdiDownload, 'Download');
export const EditIcon = /* @__PURE__ */ icon(mdiPencil, 'Edit');
export const EditLocationAltIcon = /* @__PURE__ */ icon(mdiMapMarkerRadius, 'EditLocationAlt');
export const EditOutlinedIcon = /* @__PURE__ */ icon(mdiPencilOutline, 'EditOutlined');
export const ErrorOutlineOutlinedIcon = /* @__PURE__ */ icon(mdiAlertCircleOutline, 'ErrorOutlineOutlined');
export const EventBusyIcon = /* @__PURE__ */ icon(mdiCalendarRemove, 'EventBusy');
export const ExpandLessIcon = /* @__PURE__ */ icon(mdiChevronUp, 'ExpandLess');
export const ExpandMoreIcon = /* @__PURE__ */ icon(mdiChevronDown, 'ExpandMore');
export const FileDownloadIcon = /* @__PURE__ */ icon(mdiTrayArrowDown, 'FileDownload');
export const ForwardToInboxIcon = /* @__PURE__ */ icon(mdiEmailArrowRight, 'ForwardToInbox');
export const GrassIcon = /* @__PURE__ */ icon(mdiGrass, 'Grass');
export const GroupAddIcon = /* @__PURE__ */ icon(mdiAccountMultiplePlus, 'GroupAdd');
export const HistoryIcon = /* @__PURE__ */ icon(mdiHistory, 'History');
export const HomeIcon = /* @__PURE__ */ icon(mdiHome, 'Home');
export const LogoutIcon = /* @__PURE__ */ icon(mdiLogout, 'Logout');
export const MailIcon = /* @__PURE__ */ icon(mdiEmail, 'Mail');
export const MenuIcon = /* @__PURE__ */ icon(mdiMenu, 'Menu');
export const MonetizationOnIcon = /* @__PURE__ */ icon(mdiCurrencyUsd, 'MonetizationOn');
export const NotificationsIcon = /* @__PURE__ */ icon(mdiBell, 'Notifications');
export const AlarmIcon = /* @__PURE__ */ icon(mdiAlarm, 'Alarm');
export const OpenInNewIcon = /* @__PURE__ */ icon(mdiOpenInNew, 'OpenInNew');
export const PeopleIcon = /* @__PURE__ */ icon(mdiAccountMultiple, 'People');
export const PersonIcon = /* @__PURE__ */ icon(mdiAccount, 'Person');
export const PersonAddIcon = /* @__PURE__ */ icon(mdiAccountPlus, 'PersonAdd');
export const PersonOffIcon = /* @__PURE__ */ icon(mdiAccountOff, 'PersonOff');
export const PhotoCameraIcon = /* @__PURE__ */ icon(mdiCamera, 'PhotoCamera');
export const PinDropIcon = /* @__PURE__ */ icon(mdiMapMarkerDown, 'PinDrop');
export const PlaceIcon = /* @__PURE__ */ icon(mdiMapMarker, 'Place');
export const PlayArrowIcon = /* @__PURE__ */ icon(mdiPlay, 'PlayArrow');
export const ReceiptIcon = /* @__PURE__ */ icon(mdiReceipt, 'Receipt');
export const RefreshIcon = /* @__PURE__ */ icon(mdiRefresh, 'Refresh');
export const ReplayIcon = /* @__PURE__ */ icon(mdiReplay, 'Replay');
export const SearchIcon = /* @__PURE__ */ icon(mdiMagnify, 'Search');
export const SendIcon = /* @__PURE__ */ icon(mdiSend, 'Send');
export const SettingsIcon = /* @__PURE__ */ icon(mdiCog, 'Settings');
export const TableChartIcon = /* @__PURE__ */ icon(mdiTable, 'TableChart');
export const TabletMacIcon = /* @__PURE__ */ icon(mdiTablet, 'TabletMac');
export const ViewColumnIcon = /* @__PURE__ */ icon(mdiViewColumn, 'ViewColumn');
export const VisibilityIcon = /* @__PURE__ */ icon(mdiEye, 'Visibility');
export const VisibilityOffIcon = /* @__PURE__ */ icon(mdiEyeOff, 'VisibilityOff');
export const WarningAmberIcon = /* @__PURE__ */ icon(mdiAlertOutline, 'WarningAmber');
