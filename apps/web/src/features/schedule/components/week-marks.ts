/** How the grid marks the current week and a week whose type a pending update changes (shared with the legend). */
export const CURRENT_WEEK_OUTLINE = '3px solid #1565c0';
export const PENDING_OUTLINE = '3px dashed #6a1b9a';
