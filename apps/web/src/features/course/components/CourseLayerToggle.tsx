import GolfCourseIcon from '@mui/icons-material/GolfCourse';
import Paper from '@mui/material/Paper';
import { mayViewCourse } from '@fairway/domain';
import { useTranslation } from 'react-i18next';
import { MapToggleButton } from '../../../components/map/MapToggleButton';
import { useCurrentRole } from '../../auth';

interface CourseLayerToggleProps {
  on: boolean;
  onChange: (on: boolean) => void;
  /** On its own card, for a map without a toggle column (a ride's map). */
  framed?: boolean;
}

/**
 * The course layer's on/off button, for a map's toggle column; absent for roles that may not read the
 * course (they get no layer either).
 */
export function CourseLayerToggle({ on, onChange, framed = false }: CourseLayerToggleProps) {
  const { t } = useTranslation();
  if (!mayViewCourse(useCurrentRole())) return null;
  const button = (
    <MapToggleButton
      label={t('course.toggle')}
      icon={<GolfCourseIcon />}
      selected={on}
      onChange={onChange}
      testId="map-course-toggle"
    />
  );
  return framed ? (
    <Paper elevation={3} sx={{ alignSelf: 'flex-end' }}>
      {button}
    </Paper>
  ) : (
    button
  );
}
