; Bloxorz levels as PDDL problems of the planning benchmarks' Bloxorz domain, written by hand
; for flipblox's tests (docs/LEVELS.md, "PDDL"). hand.txt holds the same levels in the text
; format, hand.expected their answers.

; A domain in the same file is skipped.
(define (domain bloxorz)
  (:requirements :adl :typing)
  (:types tile dir))

; Level 1: names that say nothing of the place; the adjacency facts lay the tiles out.
; The soft switch lays the bridge tile (`XS.-..O`).
(define (problem bridge-row)
  (:domain bloxorz)
  (:objects start press gap bridge far beyond goal - tile)
  (:init
    (adjacent start press east) (adjacent press start west)
    (adjacent press gap east) (adjacent gap press west)
    (adjacent gap bridge east) (adjacent bridge gap west)
    (adjacent bridge far east) (adjacent far bridge west)
    (adjacent far beyond east) (adjacent beyond far west)
    (adjacent beyond goal east) (adjacent goal beyond west)
    (active start) (active press) (active gap) (active far) (active beyond) (active goal)
    (enabling press bridge)
    (standing-on start))
  (:goal (and (standing-on goal))))

; Level 2: names t-ROW-COL from row 2 (row 1 stays empty), a lying start, a heavy switch that
; toggles a bridge tile absent at the start, fragile (yellow) tiles.
(define (problem heavy-toggle)
  (:domain bloxorz)
  (:objects
    t-2-1 t-2-2 t-2-3 t-2-4 t-2-5 t-2-6
    t-3-1 t-3-2 t-3-3 t-3-4 t-3-5 t-3-6 - tile)
  (:init
    (perpendicular north east) (perpendicular east north)
    (perpendicular north west) (perpendicular west north)
    (perpendicular south east) (perpendicular east south)
    (perpendicular south west) (perpendicular west south)
    (adjacent t-2-1 t-2-2 east) (adjacent t-2-2 t-2-3 east) (adjacent t-2-3 t-2-4 east)
    (adjacent t-2-4 t-2-5 east) (adjacent t-2-5 t-2-6 east)
    (adjacent t-3-1 t-3-2 east) (adjacent t-3-2 t-3-3 east) (adjacent t-3-3 t-3-4 east)
    (adjacent t-3-4 t-3-5 east) (adjacent t-3-5 t-3-6 east)
    (adjacent t-2-2 t-2-1 west) (adjacent t-2-3 t-2-2 west) (adjacent t-2-4 t-2-3 west)
    (adjacent t-2-5 t-2-4 west) (adjacent t-2-6 t-2-5 west)
    (adjacent t-3-2 t-3-1 west) (adjacent t-3-3 t-3-2 west) (adjacent t-3-4 t-3-3 west)
    (adjacent t-3-5 t-3-4 west) (adjacent t-3-6 t-3-5 west)
    (adjacent t-2-1 t-3-1 south) (adjacent t-2-2 t-3-2 south) (adjacent t-2-3 t-3-3 south)
    (adjacent t-2-4 t-3-4 south) (adjacent t-2-5 t-3-5 south) (adjacent t-2-6 t-3-6 south)
    (adjacent t-3-1 t-2-1 north) (adjacent t-3-2 t-2-2 north) (adjacent t-3-3 t-2-3 north)
    (adjacent t-3-4 t-2-4 north) (adjacent t-3-5 t-2-5 north) (adjacent t-3-6 t-2-6 north)
    (active t-2-1) (active t-2-2) (active t-2-3) (active t-2-4) (active t-2-5) (active t-2-6)
    (active t-3-1) (active t-3-2) (active t-3-4) (active t-3-5) (active t-3-6)
    (yellow t-2-5) (yellow t-3-5)
    (hard t-2-4) (enabling t-2-4 t-3-3) (disabling t-2-4 t-3-3)
    (lying-on t-2-1) (lying-on t-2-2))
  (:goal (standing-on t-3-6)))

; Level 3: keywords and names in any case, an `off` and an `on` switch, a standing start, a
; target behind a bridge tile that starts present; the goal without `and`.
(DEFINE (PROBLEM Mixed-Case)
  (:DOMAIN BLOXORZ)
  (:OBJECTS T-1-1 T-1-2 T-1-3 T-1-4 T-1-5
            T-2-1 T-2-2 T-2-3 T-2-4 T-2-5
            T-3-1 T-3-2 T-3-3 T-3-4 T-3-5 - TILE)
  (:INIT
    (ADJACENT T-1-1 T-1-2 EAST) (ADJACENT T-1-2 T-1-3 EAST) (ADJACENT T-1-3 T-1-4 EAST)
    (ADJACENT T-1-4 T-1-5 EAST) (ADJACENT T-2-1 T-2-2 EAST) (ADJACENT T-2-2 T-2-3 EAST)
    (ADJACENT T-2-3 T-2-4 EAST) (ADJACENT T-2-4 T-2-5 EAST) (ADJACENT T-3-1 T-3-2 EAST)
    (ADJACENT T-3-2 T-3-3 EAST) (ADJACENT T-3-3 T-3-4 EAST) (ADJACENT T-3-4 T-3-5 EAST)
    (ADJACENT T-1-2 T-1-1 WEST) (ADJACENT T-1-3 T-1-2 WEST) (ADJACENT T-1-4 T-1-3 WEST)
    (ADJACENT T-1-5 T-1-4 WEST) (ADJACENT T-2-2 T-2-1 WEST) (ADJACENT T-2-3 T-2-2 WEST)
    (ADJACENT T-2-4 T-2-3 WEST) (ADJACENT T-2-5 T-2-4 WEST) (ADJACENT T-3-2 T-3-1 WEST)
    (ADJACENT T-3-3 T-3-2 WEST) (ADJACENT T-3-4 T-3-3 WEST) (ADJACENT T-3-5 T-3-4 WEST)
    (ADJACENT T-1-1 T-2-1 SOUTH) (ADJACENT T-1-2 T-2-2 SOUTH) (ADJACENT T-1-3 T-2-3 SOUTH)
    (ADJACENT T-1-4 T-2-4 SOUTH) (ADJACENT T-1-5 T-2-5 SOUTH) (ADJACENT T-2-1 T-3-1 SOUTH)
    (ADJACENT T-2-2 T-3-2 SOUTH) (ADJACENT T-2-3 T-3-3 SOUTH) (ADJACENT T-2-4 T-3-4 SOUTH)
    (ADJACENT T-2-5 T-3-5 SOUTH)
    (ADJACENT T-2-1 T-1-1 NORTH) (ADJACENT T-2-2 T-1-2 NORTH) (ADJACENT T-2-3 T-1-3 NORTH)
    (ADJACENT T-2-4 T-1-4 NORTH) (ADJACENT T-2-5 T-1-5 NORTH) (ADJACENT T-3-1 T-2-1 NORTH)
    (ADJACENT T-3-2 T-2-2 NORTH) (ADJACENT T-3-3 T-2-3 NORTH) (ADJACENT T-3-4 T-2-4 NORTH)
    (ADJACENT T-3-5 T-2-5 NORTH)
    (ACTIVE T-1-1) (ACTIVE T-1-2) (ACTIVE T-1-3) (ACTIVE T-1-4) (ACTIVE T-1-5)
    (ACTIVE T-2-1) (ACTIVE T-2-2) (ACTIVE T-2-3) (ACTIVE T-2-5)
    (ACTIVE T-3-1) (ACTIVE T-3-2) (ACTIVE T-3-3) (ACTIVE T-3-4) (ACTIVE T-3-5)
    (Disabling T-1-2 T-1-4) (Enabling T-2-2 T-1-4) (enabling t-2-2 t-2-4)
    (standing-on t-1-1))
  (:goal (standing-on t-1-5)))
