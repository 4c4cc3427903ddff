//! The colours a player gives a cell and its pencil marks, as HoDoKu's colouring tool does: to
//! follow a chain's two sides by hand, or to mark a pattern. One colour (or none) for the cell
//! and one for each of its nine candidates, packed in a word so that a cell's state stays small.

use crate::engine::grid::{Candidates, Digit};

/// How many colours a player can choose from (1 to this; 0 is none).
pub const COLOURS: u8 = 4;

/// How each colour looks, on the board and on paper: GNOME's palette (yellow 2, green 2,
/// blue 2, purple 1), in the order the Colour menu names them. (`resources/style.css` tints the
/// digit pad with the same four.)
pub const COLOUR_RGB: [[u8; 3]; COLOURS as usize] = [
    [0xf8, 0xe4, 0x5c],
    [0x57, 0xe3, 0x89],
    [0x62, 0xa0, 0xea],
    [0xdc, 0x8a, 0xdd],
];

/// Bits a slot takes: the cell's colour in slot 0, candidate d's in slot d.
const SLOT_BITS: u32 = 3;
const SLOT_MASK: u32 = (1 << SLOT_BITS) - 1;
const SLOTS: u32 = 10;

/// A cell's colours: the cell's own, and each pencil mark's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Paint(u32);

impl Paint {
    pub const NONE: Paint = Paint(0);

    /// The colour of the whole cell (0: none).
    pub fn cell(self) -> u8 {
        self.slot(0)
    }

    /// The colour of candidate `digit`'s pencil mark (0: none).
    pub fn candidate(self, digit: Digit) -> u8 {
        if (1..=9).contains(&digit) {
            self.slot(digit as u32)
        } else {
            0
        }
    }

    /// The same paint with the cell's colour set (`colour` 0 takes it away).
    pub fn with_cell(self, colour: u8) -> Paint {
        self.with_slot(0, colour)
    }

    /// The same paint with candidate `digit`'s colour set (`colour` 0 takes it away).
    pub fn with_candidate(self, digit: Digit, colour: u8) -> Paint {
        if (1..=9).contains(&digit) {
            self.with_slot(digit as u32, colour)
        } else {
            self
        }
    }

    /// The paint of the pencil marks `marks` only (with the cell's colour): a mark that goes
    /// takes its colour with it, so that it does not come back coloured.
    pub fn kept_on(self, marks: Candidates) -> Paint {
        (1..=9u8)
            .filter(|&d| !marks.contains(d))
            .fold(self, |paint, d| paint.with_candidate(d, 0))
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The packed word, as the store keeps it.
    pub fn bits(self) -> u32 {
        self.0
    }

    /// A paint from its packed word; `None` when a slot holds no colour there is, or bits lie
    /// beyond the slots.
    pub fn from_bits(bits: u32) -> Option<Paint> {
        let in_slots = bits >> (SLOT_BITS * SLOTS) == 0;
        let known = (0..SLOTS).all(|slot| (bits >> (slot * SLOT_BITS)) & SLOT_MASK <= COLOURS as u32);
        (in_slots && known).then_some(Paint(bits))
    }

    fn slot(self, slot: u32) -> u8 {
        ((self.0 >> (slot * SLOT_BITS)) & SLOT_MASK) as u8
    }

    fn with_slot(self, slot: u32, colour: u8) -> Paint {
        let colour = if colour <= COLOURS { colour as u32 } else { 0 };
        let shift = slot * SLOT_BITS;
        Paint((self.0 & !(SLOT_MASK << shift)) | (colour << shift))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_slot_keeps_its_own_colour() {
        let paint = Paint::NONE.with_cell(2).with_candidate(1, 4).with_candidate(9, 1);
        assert_eq!((paint.cell(), paint.candidate(1), paint.candidate(9)), (2, 4, 1));
        assert!((2..=8).all(|d| paint.candidate(d) == 0));
        assert_eq!(paint.with_candidate(1, 0).candidate(1), 0);
        assert_eq!(paint.with_candidate(1, 0).candidate(9), 1);
        assert_eq!(Paint::from_bits(paint.bits()), Some(paint));
    }

    #[test]
    fn colours_out_of_range_are_refused() {
        assert_eq!(Paint::NONE.with_cell(COLOURS + 1), Paint::NONE);
        assert_eq!(Paint::NONE.with_candidate(0, 1), Paint::NONE);
        assert_eq!(Paint::NONE.with_candidate(10, 1), Paint::NONE);
        assert_eq!(Paint::from_bits(5), None, "colour 5 in the cell's slot");
        assert_eq!(Paint::from_bits(1 << 30), None, "a bit past the slots");
    }

    #[test]
    fn a_mark_that_goes_takes_its_colour() {
        let paint = Paint::NONE.with_cell(3).with_candidate(4, 1).with_candidate(7, 2);
        let kept = paint.kept_on(Candidates::from_iter([7, 8]));
        assert_eq!((kept.cell(), kept.candidate(4), kept.candidate(7)), (3, 0, 2));
    }
}
