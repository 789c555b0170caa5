// Row shapes as stored. Booleans are 0/1 and timestamps `YYYY-MM-DD HH:MM:SS` (UTC).
export interface UserRow {
  id: number; app_id: number; family: 'application' | 'client'; email: string; first_name: string;
  last_name: string | null; phone_no: string | null; dev_type: string | null; role: 'users' | 'protect_users';
  status: string; type: string; emergency_fund: number; trial_period: number; your_registration_date: string;
  last_emergency_activation_date: string | null; next_emergency_activation_date: string | null;
  rtc_user_sid: string | null; default_pet_id: number | null; password_hash: string | null; gender: string | null;
  profile: string | null; other: string | null; zip_code: string | null; country: string | null; city: string | null;
  dob: string | null; device_token: string | null; pet_tracking_code: string | null; extra: string | null;
  package_id: string | null; code: string | null; created_at: string; updated_at: string; deleted_at: string | null;
}
export interface StatusRow { id: number; user_id: number; app_id: number; status: string; type: string; date_time: string; created_at: string; updated_at: string }
export interface DeviceRow { id: number; user_id: number; device_token: string | null; udid: string | null; dev_type: string | null; app_version: string | null; created_at: string; updated_at: string; deleted_at: string | null }
export interface PetRow {
  id: number; user_id: number; app_id: number; name: string; species: string | null; age: string; breed: string | null;
  color: string | null; weight: string | null; sex: string; sex_type: string | null; dob: string | null; profile: string | null;
  is_dead: string; created_at: string; updated_at: string; deleted_at: string | null;
}
export interface ConsultationRow {
  id: number; sid: string; type: 'chat' | 'video'; status: string; outcome: string | null; app_id: number; user_id: number;
  pet_id: number | null; vet_id: string; identity: string; family: string; requested_vet_email: string | null;
  dev_type: string | null; device_token: string | null; location_email: string | null; created_at: string;
  accepted_at: string | null; ended_at: string | null; updated_at: string;
}
export interface FeedbackRow {
  id: number; consultation_id: number; app_id: number; user_id: number; vet_id: string; type: string; recommendation: string;
  reason: string; feedback_date: string; emergency_activated: number; emergency_note: string | null; created_at: string; updated_at: string;
}
export interface PaymentRow {
  id: number; app_id: number; user_id: number | null; email: string; first_name: string | null; last_name: string | null;
  amount: string; status: string; package_id: string | null; package_name: string | null; package_type: string | null;
  role: string | null; card_brand: string | null; card_last4: string | null; failure_reason: string | null; initiated_at: string;
}
export interface PackageRow { id: string; name: string; type: string; price: string }
export interface VetRow { id: string; username: string; first_name: string; last_name: string; email: string; profile_image: string | null; online: number }
