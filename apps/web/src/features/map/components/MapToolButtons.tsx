import GolfCourseIcon from '@mui/icons-material/GolfCourse';
import HistoryIcon from '@mui/icons-material/History';
import Box from '@mui/material/Box';
import LayersIcon from '@mui/icons-material/Layers';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { canPressTool, type MapTool } from '../lib/map-tool';

interface MapToolButtonsProps {
  open: MapTool | null;
  onPress: (tool: MapTool) => void;
  /** The course editor's button (admins, issue 23). */
  course?: boolean;
}

/** Spec §2 Map buttons History and Zones (role user and up), and Course for admins; the open one shows pressed. */
export function MapToolButtons({ open, onPress, course = false }: MapToolButtonsProps) {
  const { t } = useTranslation();
  const disabled = !canPressTool(open);
  return (
    <Paper elevation={3}>
      <ToggleButtonGroup size="small" exclusive value={open} aria-label={t('map.tools.label')}>
        <ToggleButton
          value="history"
          disabled={disabled}
          onClick={() => onPress('history')}
          data-testid="map-history-button"
          sx={{ textTransform: 'none', gap: 0.5 }}
        >
          <HistoryIcon fontSize="small" />
          {t('map.tools.history')}
        </ToggleButton>
        <ToggleButton
          value="zones"
          disabled={disabled}
          onClick={() => onPress('zones')}
          data-testid="map-zones-button"
          sx={{ textTransform: 'none', gap: 0.5 }}
        >
          <LayersIcon fontSize="small" />
          {t('map.tools.zones')}
        </ToggleButton>
        {course && (
          <ToggleButton
            value="course"
            disabled={disabled}
            onClick={() => onPress('course')}
            data-testid="map-course-button"
            aria-label={t('course.tool')}
            sx={{ textTransform: 'none', gap: 0.5 }}
          >
            <GolfCourseIcon fontSize="small" />
            {/* A third label would reach the map's right-hand controls on a 360 px phone: the icon says it there. */}
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              {t('course.tool')}
            </Box>
          </ToggleButton>
        )}
      </ToggleButtonGroup>
    </Paper>
  );
}
