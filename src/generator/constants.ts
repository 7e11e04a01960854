// Every constant of the synthetic GST-Bench generator, in one place. Lengths in metres, angles in degrees.
import { POINT_SCALE_MAX } from '../shared/scoring/constants';

export type Rgb = readonly [number, number, number];

/** Frame rate of every video: GST-Bench's videos are 10 fps (the real samples' headers). */
export const FPS = 10;
/** Default first-person frame size of the bundled demo; the real data is 640x512 (pass --size 640x512). */
export const DEFAULT_FRAME_SIZE = { width: 320, height: 256 } as const;
/** Top-down image width is this times the frame width; height is 3/4 of that. Non-square on purpose. */
export const TOPDOWN_WIDTH_PER_FRAME_WIDTH = 1.5;
export const TOPDOWN_ASPECT = 3 / 4;
/** Blank border around the plan on top-down images, in pixels. */
export const TOPDOWN_MARGIN_PX = 12;

/** Normalised top-down coordinates run over [0, POINT_MAX] on each axis (the scorer's scale). */
export const POINT_MAX = POINT_SCALE_MAX;

// Floor plans
export const WALL_THICKNESS = 0.15;
export const WALL_HEIGHT = 2.6;
export const DOOR_WIDTH = 0.95;
export const MIN_ROOM_SIDE = 2.6;
export const PLAN_WIDTH_RANGE = [8.5, 12] as const;
export const PLAN_DEPTH_RANGE = [6.5, 8.5] as const;
export const ROOMS_PER_SCENE = [3, 5] as const;
/** Extra scenes generated only to supply top-down-selection distractors ("from other scenes"). */
export const DISTRACTOR_SCENES = 4;

// Camera and motion
export const EYE_HEIGHT = 1.5;
export const HORIZONTAL_FOV_DEG = 90;
/** Horizon row as a fraction of the frame height: above the middle, i.e. the camera looks slightly down as in the real views. */
export const HORIZON_FRACTION = 0.4;
export const WALK_SPEED = 1.0; // m/s
export const TURN_SPEED_DEG = 90; // deg/s while walking
export const LOOK_AROUND_SPEED_DEG = 150; // deg/s for the 360° look in each room
/** Distance from a door's centre line to the waypoints on either side of it. */
export const DOOR_APPROACH = 0.7;
/** Free space kept around walking lines and look points when placing furniture. */
export const PATH_CLEARANCE = 0.5;
export const LOOK_POINT_CLEARANCE = 0.8;
/** Query views keep at least this distance from walls and furniture. */
export const QUERY_CLEARANCE = 0.4;
/** Query views see at least this far (to a wall or furniture) straight ahead and 25° either side. */
export const MIN_VIEW_DEPTH = 1.6;
/** Minimum distance from the query position to the target for object questions. */
export const MIN_TARGET_DISTANCE = 1.0;

// Visibility (renderer-based)
/** A target counts as visible in a frame when it covers at least this fraction of the frame's pixels. */
export const VISIBLE_MIN_FRACTION = 0.003;
/** ...and it must be visible in at least this many exploration frames to be asked about. */
export const VISIBLE_MIN_FRAMES = 5;
/** Trajectory clips: frames per clip and minimum walked length. */
export const CLIP_FRAMES = 60;
export const CLIP_MIN_LENGTH = 2.0;
export const CLIP_DISTINCT_START = 1.5;

// ffmpeg settings shared with the rest of the project: H.264, yuv420p, faststart, no audio.
export const FFMPEG_CRF = 32;
export const FFMPEG_PRESET = 'veryfast';

// Colours
export const WALL_COLOR: Rgb = [226, 220, 204];
export const BASEBOARD_COLOR: Rgb = [120, 110, 98];
export const CEILING_COLOR: Rgb = [238, 238, 234];
export const FLOOR_COLORS: readonly Rgb[] = [
  [150, 118, 86], // oak planks
  [172, 172, 166], // grey tiles
  [128, 100, 80], // dark wood
  [176, 160, 132], // light wood
  [140, 150, 160], // blue-grey tiles
];
export const ANNOTATION_BOX_COLOR: Rgb = [255, 0, 0];
export const ANNOTATION_BOX_THICKNESS = 2;
export const MAP_FREE: Rgb = [255, 255, 255];
export const MAP_OCCUPIED: Rgb = [0, 0, 0];
export const MAP_EASY_BACKGROUND: Rgb = [255, 255, 255];
export const MAP_EASY_WALL: Rgb = [96, 96, 100];
/** Trajectory maps: path red, start blue (as in the real sub_trajectory images). */
export const TRAJECTORY_PATH_COLOR: Rgb = [250, 120, 120];
export const TRAJECTORY_START_COLOR: Rgb = [110, 110, 250];

export interface CategorySpec {
  name: string;
  /** How the semantic prompts name it. */
  label: string;
  color: Rgb;
  /** Footprint along the wall, depth from the wall, height. */
  width: readonly [number, number];
  depth: readonly [number, number];
  height: readonly [number, number];
  /** Free-standing pieces go in the room's interior, the rest against a wall. */
  freeStanding?: boolean;
}

/** Furniture categories, each a distinct colour (none pure red: red marks the annotated target). */
export const CATEGORIES: readonly CategorySpec[] = [
  { name: 'sofa', label: 'sofa', color: [52, 84, 170], width: [1.6, 2.2], depth: [0.8, 0.95], height: [0.75, 0.85] },
  { name: 'armchair', label: 'armchair', color: [222, 128, 30], width: [0.75, 0.9], depth: [0.75, 0.9], height: [0.8, 0.95] },
  { name: 'bed', label: 'bed', color: [140, 70, 160], width: [1.4, 1.8], depth: [1.9, 2.1], height: [0.5, 0.6] },
  { name: 'bookcase', label: 'bookcase', color: [20, 130, 130], width: [0.8, 1.2], depth: [0.3, 0.4], height: [1.8, 2.0] },
  { name: 'wardrobe', label: 'wardrobe', color: [170, 150, 40], width: [1.0, 1.6], depth: [0.55, 0.65], height: [1.9, 2.1] },
  { name: 'tv_stand', label: 'TV stand', color: [40, 40, 48], width: [1.2, 1.6], depth: [0.4, 0.5], height: [0.5, 0.6] },
  { name: 'refrigerator', label: 'refrigerator', color: [190, 210, 225], width: [0.7, 0.8], depth: [0.65, 0.75], height: [1.8, 1.9] },
  { name: 'plant', label: 'potted plant', color: [60, 180, 60], width: [0.4, 0.5], depth: [0.4, 0.5], height: [1.0, 1.4] },
  { name: 'desk', label: 'desk', color: [205, 175, 120], width: [1.1, 1.4], depth: [0.6, 0.7], height: [0.72, 0.76] },
  { name: 'cabinet', label: 'cabinet', color: [200, 70, 130], width: [0.8, 1.2], depth: [0.45, 0.55], height: [0.9, 1.0] },
  {
    name: 'dining_table',
    label: 'dining table',
    color: [110, 70, 40],
    width: [1.2, 1.6],
    depth: [0.8, 0.9],
    height: [0.74, 0.76],
    freeStanding: true,
  },
  {
    name: 'ottoman',
    label: 'ottoman',
    color: [236, 160, 180],
    width: [0.6, 0.8],
    depth: [0.6, 0.8],
    height: [0.42, 0.48],
    freeStanding: true,
  },
];
