/** The phone menu's popover (MobileSlider.tsx), which the page script keeps focus in. */
export const MOBILE_MENU_ID = "mobile-menu";
