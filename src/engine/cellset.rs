//! Sets of cells as 81-bit masks: the working vocabulary of the solving techniques (cells of a
//! house, peers, cells where a digit is still a candidate).

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Sub};

use super::grid::{Cell, House, CELLS, HOUSES, PEERS};

/// A set of cells; bit `c` stands for cell `c`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct CellSet(u128);

const FULL: u128 = (1 << CELLS) - 1;

impl CellSet {
    pub const EMPTY: CellSet = CellSet(0);
    pub const ALL: CellSet = CellSet(FULL);

    pub const fn single(cell: Cell) -> CellSet {
        CellSet(1 << cell)
    }

    pub fn contains(self, cell: Cell) -> bool {
        self.0 >> cell & 1 == 1
    }

    pub fn insert(&mut self, cell: Cell) {
        self.0 |= 1 << cell;
    }

    pub fn remove(&mut self, cell: Cell) {
        self.0 &= !(1 << cell);
    }

    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many cells of the set are numbered below `cell`.
    pub fn count_below(self, cell: Cell) -> u32 {
        (self.0 & ((1u128 << cell) - 1)).count_ones()
    }

    /// The lowest cell in the set.
    pub fn first(self) -> Option<Cell> {
        (self.0 != 0).then(|| self.0.trailing_zeros() as Cell)
    }

    pub fn iter(self) -> impl Iterator<Item = Cell> {
        let mut rest = self.0;
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let cell = rest.trailing_zeros() as Cell;
                rest &= rest - 1;
                cell
            })
        })
    }

    /// The cells of a house.
    pub fn house(house: House) -> CellSet {
        HOUSE_SETS[house]
    }

    /// The 20 peers of a cell.
    pub fn peers(cell: Cell) -> CellSet {
        PEER_SETS[cell]
    }

    /// The cells that see every cell of this set (the set's own cells excluded).
    pub fn common_peers(self) -> CellSet {
        self.iter().fold(CellSet::ALL, |acc, cell| acc & CellSet::peers(cell)) - self
    }

    /// Whether all the cells lie in one house.
    pub fn in_one_house(self) -> bool {
        (0..27).any(|h| (self & !CellSet::house(h)).is_empty())
    }
}

impl FromIterator<Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> Self {
        let mut set = CellSet::EMPTY;
        for cell in iter {
            set.insert(cell);
        }
        set
    }
}

impl BitAnd for CellSet {
    type Output = CellSet;
    fn bitand(self, other: CellSet) -> CellSet {
        CellSet(self.0 & other.0)
    }
}

impl BitOr for CellSet {
    type Output = CellSet;
    fn bitor(self, other: CellSet) -> CellSet {
        CellSet(self.0 | other.0)
    }
}

impl Sub for CellSet {
    type Output = CellSet;
    fn sub(self, other: CellSet) -> CellSet {
        CellSet(self.0 & !other.0)
    }
}

impl Not for CellSet {
    type Output = CellSet;
    fn not(self) -> CellSet {
        CellSet(!self.0 & FULL)
    }
}

impl BitAndAssign for CellSet {
    fn bitand_assign(&mut self, other: CellSet) {
        self.0 &= other.0;
    }
}

impl BitOrAssign for CellSet {
    fn bitor_assign(&mut self, other: CellSet) {
        self.0 |= other.0;
    }
}

static HOUSE_SETS: [CellSet; 27] = {
    let mut sets = [CellSet(0); 27];
    let mut h = 0;
    while h < 27 {
        let mut i = 0;
        while i < 9 {
            sets[h].0 |= 1 << HOUSES[h][i];
            i += 1;
        }
        h += 1;
    }
    sets
};

static PEER_SETS: [CellSet; 81] = {
    let mut sets = [CellSet(0); 81];
    let mut c = 0;
    while c < 81 {
        let mut i = 0;
        while i < 20 {
            sets[c].0 |= 1 << PEERS[c][i];
            i += 1;
        }
        c += 1;
    }
    sets
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_follow_the_board() {
        assert_eq!(CellSet::house(0).iter().collect::<Vec<_>>(), (0..9).collect::<Vec<_>>());
        assert_eq!(CellSet::peers(40).len(), 20);
        let pair: CellSet = [0, 80].into_iter().collect();
        // r1c1 and r9c9 are both seen by r1c9 and r9c1.
        assert_eq!(pair.common_peers().iter().collect::<Vec<_>>(), vec![8, 72]);
        assert!(CellSet::from_iter([0, 1, 2]).in_one_house());
        assert!(!pair.in_one_house());
        assert_eq!((!CellSet::EMPTY).len(), 81);
    }
}
