//! What every state of a directed graph reaches, worked out for all states at once: the graph's
//! strongly connected parts (Tarjan, without recursion), found in an order where every part a
//! part leads to comes before it, and each part's reach as bits, its own states' marks and the
//! reach of the parts it leads to. The chain searches' closures (chains and almost locked sets)
//! ask it whether any chain of any length could find something.

/// A graph of states numbered from 0, walked one link at a time.
pub(crate) trait StateGraph {
    /// How many states there are.
    fn states(&self) -> usize;

    /// The `i`-th state `state` leads to, if it leads to that many.
    fn next(&self, state: u32, i: u32) -> Option<u32>;

    /// Each state `state` leads to, in order.
    fn each_next(&self, state: u32, mut visit: impl FnMut(u32)) {
        let mut i = 0;
        while let Some(w) = self.next(state, i) {
            visit(w);
            i += 1;
        }
    }
}

/// The reach of every state visited: the part it is in, and each part's bits.
pub(crate) struct PartReach {
    /// Words of bits a part.
    pub words: usize,
    /// The part of each state (`UNSEEN` for one not visited).
    part: Vec<u32>,
    bits: Vec<u64>,
}

const UNSEEN: u32 = u32::MAX;

impl PartReach {
    /// Visits `graph` from each of `roots` (and so every state they reach), each state's bits
    /// set by `mark` (given the state and its part's `words` words), a part's bits being those
    /// of its states and of every part it leads to.
    pub fn of(
        graph: &impl StateGraph,
        words: usize,
        roots: impl Iterator<Item = u32>,
        mut mark: impl FnMut(u32, &mut [u64]),
    ) -> PartReach {
        let states = graph.states();
        let mut visit = Visit {
            index: vec![UNSEEN; states],
            low: vec![0; states],
            on_stack: vec![false; states],
            stack: Vec::new(),
            calls: Vec::new(),
            counter: 0,
        };
        let mut part = vec![UNSEEN; states];
        let mut bits: Vec<u64> = Vec::with_capacity(states * words);
        // The part whose bits last took in each part's (each is taken in once).
        let mut taken_by = vec![UNSEEN; states];
        let mut parts = 0u32;
        for root in roots {
            if visit.index[root as usize] != UNSEEN {
                continue;
            }
            visit.enter(root);
            while let Some(&(v, i)) = visit.calls.last() {
                if let Some(w) = graph.next(v, i) {
                    let top = visit.calls.len() - 1;
                    visit.calls[top].1 += 1;
                    if visit.index[w as usize] == UNSEEN {
                        visit.enter(w);
                    } else if visit.on_stack[w as usize] {
                        visit.low[v as usize] = visit.low[v as usize].min(visit.index[w as usize]);
                    }
                    continue;
                }
                visit.calls.pop();
                if let Some(&(parent, _)) = visit.calls.last() {
                    visit.low[parent as usize] = visit.low[parent as usize].min(visit.low[v as usize]);
                }
                if visit.low[v as usize] != visit.index[v as usize] {
                    continue;
                }
                // A part is complete: every part its states lead to is complete already.
                let first = visit.stack.iter().rposition(|&s| s == v).expect("v is on the stack");
                let this = parts;
                parts += 1;
                bits.resize(bits.len() + words, 0);
                let own = this as usize * words;
                for &s in &visit.stack[first..] {
                    part[s as usize] = this;
                    visit.on_stack[s as usize] = false;
                }
                for &s in &visit.stack[first..] {
                    mark(s, &mut bits[own..own + words]);
                    graph.each_next(s, |w| {
                        let other = part[w as usize];
                        if other != this && taken_by[other as usize] != this {
                            taken_by[other as usize] = this;
                            let from = other as usize * words;
                            let (before, mine) = bits.split_at_mut(own);
                            for (m, b) in mine[..words].iter_mut().zip(&before[from..from + words]) {
                                *m |= b;
                            }
                        }
                    });
                }
                visit.stack.truncate(first);
            }
        }
        PartReach { words, part, bits }
    }

    /// The bits of the part of `state`, which was visited.
    pub fn of_state(&self, state: u32) -> &[u64] {
        let at = self.part[state as usize] as usize * self.words;
        &self.bits[at..at + self.words]
    }
}

/// Tarjan's bookkeeping: each state's visiting order (`UNSEEN` before its visit) and the lowest
/// order it reaches back to, whether it is on the stack of states not yet in a part, and the
/// states being visited, each with the place of its next link.
struct Visit {
    index: Vec<u32>,
    low: Vec<u32>,
    on_stack: Vec<bool>,
    stack: Vec<u32>,
    calls: Vec<(u32, u32)>,
    counter: u32,
}

impl Visit {
    /// Starts visiting `state`.
    fn enter(&mut self, state: u32) {
        self.index[state as usize] = self.counter;
        self.low[state as usize] = self.counter;
        self.counter += 1;
        self.stack.push(state);
        self.on_stack[state as usize] = true;
        self.calls.push((state, 0));
    }
}
