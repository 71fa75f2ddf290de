// Business constants of spec §9 that the shell and the home page use, named once.
export const SITE_NAME = '名师网'
export const LOADING_MASK_MS = 500
export const HEADER_HOT_TAGS = 6

export const SPECIAL_CAROUSEL_SIZE = 5
export const SPECIAL_CAROUSEL_INTERVAL_MS = 3000
export const SPECIAL_LIST_SIZE = 7
export const SPECIAL_TITLE_CUT = 45

export const TEACHER_CAROUSEL_PER_VIEW = 5
/** The spec names no interval for the teacher carousel; 4 s reads a row of five. */
export const TEACHER_CAROUSEL_INTERVAL_MS = 4000
export const TEACHER_NAMES_PER_CATEGORY = 14
/** Names beside a category in the home teacher-library menu. */
export const NAV_NAMES_BESIDE = 3
/** The hover panel lists the 3rd up to the 19th name (1-based, inclusive). */
export const NAV_PANEL_FROM = 3
export const NAV_PANEL_TO = 19

export const COURSE_LIST_SIZE = 11
export const FEATURED_VIDEOS = 2

export const COURSE_PREVIEWS = 3
export const PREVIEW_INTRO_CUT = 50

export const ARTICLE_LIST_SIZE = 14
export const QUESTION_LIST_SIZE = 14

export const TAG_CLOUD_REFRESH_MS = 40
/** Tags in the home page's cloud (Special/hotLabel2). */
export const TAG_CLOUD_SIZE = 24
export const BANNER_INTERVAL_MS = 5000
export const AD_INTERVAL_MS = 4000
