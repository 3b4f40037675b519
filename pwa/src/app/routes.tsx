import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AppLayout } from '../chrome/AppLayout';

/** Every screen is its own chunk (React.lazy); the chrome is in the entry chunk. */
const HomePage = lazy(() => import('../features/home/HomePage'));
const HowItWorksPage = lazy(() => import('../features/how-it-works/HowItWorksPage'));
const SignInPage = lazy(() => import('../features/sign-in/SignInPage'));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage'));
const NotFoundPage = lazy(() => import('../features/not-found/NotFoundPage'));
const MapPage = lazy(() => import('../features/map/MapPage'));
const DirectoryPage = lazy(() => import('../features/directory/DirectoryPage'));
const PropertyDetailPage = lazy(() => import('../features/property/PropertyDetailPage'));
const PropertyAssessmentRedirect = lazy(() => import('../features/property/PropertyAssessmentRedirect'));
const AdminPage = lazy(() => import('../features/admin/AdminPage'));
const ApplyPage = lazy(() => import('../features/partner-apply/ApplyPage'));
const PartnerEnquiryPage = lazy(() => import('../features/partner-apply/PartnerEnquiryPage'));
const PartnerBenefitsPage = lazy(() => import('../features/partner-apply/PartnerBenefitsPage'));
const SetPasswordPage = lazy(() => import('../features/set-password/SetPasswordPage'));
const PartnerDashboardPage = lazy(() => import('../features/partner-dashboard/PartnerDashboardPage'));
const MessagesPage = lazy(() => import('../features/messages/MessagesPage'));
const ValuationReportPage = lazy(() => import('../features/report/ValuationReportPage'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<HomePage />} />
        <Route path="how-it-works" element={<HowItWorksPage />} />
        <Route path="sign-in" element={<SignInPage />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="partner" element={<Navigate to="/partner-dashboard" replace />} />
        <Route path="map" element={<MapPage />} />
        <Route path="properties" element={<DirectoryPage />} />
        <Route path="property" element={<PropertyDetailPage />} />
        <Route path="property/:id" element={<PropertyDetailPage />} />
        <Route path="property/:id/assessment" element={<PropertyAssessmentRedirect />} />
        <Route path="admin" element={<AdminPage />} />
        <Route path="apply" element={<ApplyPage />} />
        <Route path="partner-enquiry" element={<PartnerEnquiryPage />} />
        <Route path="partner-benefits" element={<PartnerBenefitsPage />} />
        <Route path="set-password" element={<SetPasswordPage />} />
        <Route path="partner-dashboard" element={<PartnerDashboardPage />} />
        <Route path="messages" element={<MessagesPage />} />
        <Route path="valuations/:id/report" element={<ValuationReportPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
