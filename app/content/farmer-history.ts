/**
 * How each audit action on a farmer's registry row or sign-in account reads in the history on
 * /farmers/:id. Names follow docs/audit-actions.md; the earlier names that rows written before
 * the one naming scheme may carry read the same.
 */
export const FARMER_HISTORY_LABEL: Record<string, string> = {
  "farmer.register": "Farmer registered",
  "farmer.correct": "Details corrected (with a reason)",
  "farmer.clear_photo": "Photo could not be stored",
  "farmer.issue_login": "Sign-in account issued",
  "farmer.link_login": "Linked to the demo sign-in account",
  "user.create": "Sign-in account created",
  "user.reissue_password": "New temporary password issued",
  "user.reset_password": "Temporary password set by an administrator",
  "user.change_password": "Password changed by the farmer",
  "user.update_contact": "Phone number changed",
  "user.change_role": "Role changed",
  "user.assign_county": "County assigned",
  "user.deactivate": "Account deactivated",
  "user.reactivate": "Account reactivated",
  farmer_registered: "Farmer registered",
  farmer_photo_not_stored: "Photo could not be stored",
  login_issued: "Sign-in account issued",
  login_linked: "Linked to the demo sign-in account",
  user_created: "Sign-in account created",
  temporary_password_reissued: "New temporary password issued",
  password_changed: "Password changed by the farmer",
  user_deactivated: "Account deactivated",
};
