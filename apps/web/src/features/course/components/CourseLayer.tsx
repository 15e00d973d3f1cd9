import Button from '@mui/material/Button';
import { mayViewCourse } from '@fairway/domain';
import { useTranslation } from 'react-i18next';
import { MapNotice } from '../../../components/map/MapNotice';
import { MapOverlay } from '../../../components/map/MapOverlay';
import { useCurrentRole } from '../../auth';
import { useCourse } from '../api/get-course';
import { useLiveCourse } from '../use-live-course';
import { CourseHoles } from './CourseHoles';

/**
 * The site's course on a map (the live map, a ride's map), kept current by the socket. Rendered inside the
 * MapContainer. Roles that may not read the course get no layer (and no refused call); while loading, or
 * for a course without holes, nothing is drawn and the map stays usable.
 */
export function CourseLayer({ siteId }: { siteId: string }) {
  const { t } = useTranslation();
  const allowed = mayViewCourse(useCurrentRole());
  const course = useCourse(siteId, allowed);
  useLiveCourse(siteId);

  if (!allowed) return null;
  if (course.isError) {
    return (
      <MapOverlay corner="bottom-left" offset={{ bottom: 72 }}>
        <MapNotice testId="course-load-failed">
          {t('course.loadFailed')}{' '}
          <Button size="small" onClick={() => void course.refetch()} sx={{ py: 0 }}>
            {t('common.retry')}
          </Button>
        </MapNotice>
      </MapOverlay>
    );
  }
  return course.data ? <CourseHoles holes={course.data.holes} /> : null;
}
