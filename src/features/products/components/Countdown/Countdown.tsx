/**
 * Countdown to a moment (a flash sale's end or start): days, hours, minutes and seconds,
 * updated every second. Only this component re-renders each second, never the page around
 * it; `onComplete` fires once when the time is up (the page can then switch state).
 */
import { useEffect, useRef, useState } from 'react';
import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './Countdown.module.css';

export interface RemainingTime {
  total: number;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole days, hours, minutes and seconds left until `target` (all 0 once it has passed). */
export function remainingTime(target: number, now: number): RemainingTime {
  const total = Math.max(0, target - now);
  const seconds = Math.floor(total / 1000);
  return {
    total,
    days: Math.floor(seconds / 86_400),
    hours: Math.floor((seconds % 86_400) / 3600),
    minutes: Math.floor((seconds % 3600) / 60),
    seconds: seconds % 60,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

export interface CountdownProps {
  /** ISO date-time or Date to count down to. */
  to: string | Date;
  /** Text before the boxes, e.g. "Se termină în". */
  label?: string;
  /** Shown once the time is up (default: "Reducerea s-a încheiat"). */
  endedText?: string;
  onComplete?: () => void;
  size?: 'sm' | 'md';
}

export function Countdown({ to, label, endedText, onComplete, size = 'md' }: CountdownProps) {
  const { t } = useTranslation();
  const target = typeof to === 'string' ? Date.parse(to) : to.getTime();
  const [now, setNow] = useState(() => Date.now());
  const done = !(target > now);
  const completeRef = useRef(onComplete);
  useEffect(() => {
    completeRef.current = onComplete;
  });

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a new target is measured against the clock now, not at the next tick
    setNow(Date.now());
    if (!(target > Date.now())) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= target) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [target]);

  const fired = useRef(false);
  useEffect(() => {
    fired.current = false;
  }, [target]);
  useEffect(() => {
    if (done && !fired.current && Number.isFinite(target)) {
      fired.current = true;
      completeRef.current?.();
    }
  }, [done, target]);

  if (done) {
    return (
      <Text fw={600} c="dimmed" data-testid="countdown" data-ended="true">
        {endedText ?? t('countdown.ended')}
      </Text>
    );
  }

  const left = remainingTime(target, now);
  const units = [
    { key: 'days', value: left.days, label: t('countdown.days') },
    { key: 'hours', value: left.hours, label: t('countdown.hours') },
    { key: 'minutes', value: left.minutes, label: t('countdown.minutes') },
    { key: 'seconds', value: left.seconds, label: t('countdown.seconds') },
  ];

  return (
    <Group gap={8} align="center" wrap="wrap" data-testid="countdown" data-ended="false" className={classes.root} data-size={size}>
      {label && (
        <Text component="span" fw={600} size={size === 'sm' ? 'sm' : 'md'}>
          {label}
        </Text>
      )}
      {/* role=timer is not announced on every tick (implicit aria-live off). */}
      <div role="timer" className={classes.boxes}>
        {units.map((unit) => (
          <span key={unit.key} className={classes.box} data-testid={`countdown-${unit.key}`}>
            <span className={classes.value}>{unit.key === 'days' ? unit.value : pad(unit.value)}</span>
            <span className={classes.unit}>{unit.label}</span>
          </span>
        ))}
      </div>
    </Group>
  );
}
