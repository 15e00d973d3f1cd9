import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { AdminDeviceView } from '@fairway/domain';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LogFilesSection } from './tools/LogFilesSection';
import { LogRequestSection } from './tools/LogRequestSection';
import { SystemLogsSection } from './tools/SystemLogsSection';

type Section = 'wifi' | 'logs' | 'systemLogs' | 'logFiles';

/**
 * The Tools tab (spec §2 Device side panel): WiFi Scan, Logs, System Logs and Log Files, each an accordion
 * whose content (and its calls) only exists while it is open.
 */
export function DeviceToolsTab({ device }: { device: AdminDeviceView }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<ReadonlySet<Section>>(new Set());
  const toggle = (section: Section) => (_event: unknown, expanded: boolean) =>
    setOpen((current) => {
      const next = new Set(current);
      if (expanded) next.add(section);
      else next.delete(section);
      return next;
    });

  const sections: { id: Section; title: string; content: ReactNode }[] = [
    {
      id: 'wifi',
      title: t('adminDeviceTools.wifi.title'),
      content: <LogRequestSection device={device} type="wifi" />,
    },
    {
      id: 'logs',
      title: t('adminDeviceTools.logs.title'),
      content: <LogRequestSection device={device} type="log" />,
    },
    {
      id: 'systemLogs',
      title: t('adminDeviceTools.systemLogs.title'),
      content: <SystemLogsSection device={device} />,
    },
    {
      id: 'logFiles',
      title: t('adminDeviceTools.logFiles.title'),
      content: <LogFilesSection device={device} />,
    },
  ];

  return (
    <Box>
      {sections.map((section) => (
        <ToolAccordion
          key={section.id}
          section={section.id}
          title={section.title}
          expanded={open.has(section.id)}
          onChange={toggle(section.id)}
        >
          {section.content}
        </ToolAccordion>
      ))}
    </Box>
  );
}

function ToolAccordion({
  section,
  title,
  expanded,
  onChange,
  children,
}: {
  section: Section;
  title: string;
  expanded: boolean;
  onChange: (event: unknown, expanded: boolean) => void;
  children: ReactNode;
}) {
  return (
    <Accordion
      expanded={expanded}
      onChange={onChange}
      disableGutters
      slotProps={{ transition: { unmountOnExit: true } }}
      data-testid={`device-tools-${section}`}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        {/* The accordion puts its summary in an h3 already. */}
        <Typography component="span" variant="subtitle1" sx={{ fontWeight: 500 }}>
          {title}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>{children}</AccordionDetails>
    </Accordion>
  );
}
