//! Writing a file without losing the one it replaces: the new contents go to a file aside (a
//! hidden `.NAME.XXXXXX.partial` with a name of its own, in the same folder) that is renamed
//! over the old one once complete, so a reader never sees half a file, and a write that fails (a
//! full disk) leaves the old file as it was and nothing aside. Where that can't be done, the file
//! is written in place, as GLib's `g_file_replace` does: a name that is no regular file (a pipe,
//! `/dev/stdout`, a terminal), a file with other hard links (which a rename would part from it),
//! a folder that takes no new file though the file in it may be written, and a file whose owner
//! the new one could not be given, or whose name leaves no room for the aside's (a write that
//! fails midway then leaves it cut short, as GLib's would; but a disk too full for the file aside
//! is refused, not written in place). A symbolic link is followed, so the file it points to is the
//! one replaced. The app's own files (`ui::file_saver`) and `nonet-cli`'s outputs (`pdf`,
//! `history --export`) are written this way.

use std::fs::{File, Metadata, OpenOptions};
use std::io::{self, Write};
use std::os::unix::fs::{DirBuilderExt, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};

use tempfile::TempPath;

/// Who may read a file written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// The owner only: the file 0600, folders made for it 0700 (the player's scripts).
    Private,
    /// A new file as the umask has it; a replaced one keeps its permissions.
    Default,
}

/// A file being written; [`OutputFile::finish`] puts it in place. Dropped unfinished, it leaves
/// the old file as it was and removes what was written aside.
pub struct OutputFile {
    file: File,
    /// The file aside (removed when dropped) and the path it replaces once finished; `None` when
    /// written in place.
    aside: Option<(TempPath, PathBuf)>,
}

impl OutputFile {
    pub fn create(path: &Path, access: Access) -> io::Result<OutputFile> {
        let target = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        let old = std::fs::metadata(&target).ok();
        if old.as_ref().is_some_and(|m| !m.is_file() || m.nlink() > 1) {
            return OutputFile::in_place(&target, old.as_ref(), access);
        }
        if access == Access::Private {
            if let Some(dir) = target.parent().filter(|d| !d.as_os_str().is_empty()) {
                std::fs::DirBuilder::new().recursive(true).mode(0o700).create(dir)?;
            }
        }
        match (OutputFile::aside(&target, access, old.as_ref()), old) {
            (Ok(output), _) => Ok(output),
            // No room: written in place, the old file would be cut short and lost.
            (Err(error), _) if matches!(error.kind(), io::ErrorKind::StorageFull | io::ErrorKind::QuotaExceeded) => {
                Err(error)
            }
            // A folder that takes no new file, an owner not to be kept, a name too long to take
            // the aside's additions: the old file itself.
            (Err(error), Some(old)) => OutputFile::in_place(&target, Some(&old), access).map_err(|_| error),
            (Err(error), None) => Err(error),
        }
    }

    fn aside(target: &Path, access: Access, old: Option<&Metadata>) -> io::Result<OutputFile> {
        let name = target.file_name().unwrap_or(target.as_os_str());
        let mut prefix = std::ffi::OsString::from(".");
        prefix.push(name);
        prefix.push(".");
        let dir = match target.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => Path::new("."),
        };
        let mode = if access == Access::Private { 0o600 } else { 0o666 };
        let (file, aside) = tempfile::Builder::new()
            .prefix(&prefix)
            .suffix(".partial")
            .permissions(std::fs::Permissions::from_mode(mode))
            .tempfile_in(dir)?
            .into_parts();
        // From here on, the file aside is removed again if anything fails.
        if let Some(old) = old {
            let new = file.metadata()?;
            if (new.uid(), new.gid()) != (old.uid(), old.gid()) {
                std::os::unix::fs::fchown(&file, Some(old.uid()), Some(old.gid()))?;
            }
            if access == Access::Default {
                file.set_permissions(old.permissions())?;
            }
        }
        Ok(OutputFile {
            file,
            aside: Some((aside, target.to_path_buf())),
        })
    }

    fn in_place(target: &Path, old: Option<&Metadata>, access: Access) -> io::Result<OutputFile> {
        let regular = old.is_some_and(Metadata::is_file);
        let file = OpenOptions::new().write(true).truncate(regular).open(target)?;
        if regular && access == Access::Private {
            file.set_permissions(std::fs::Permissions::from_mode(0o600))?;
        }
        Ok(OutputFile { file, aside: None })
    }

    /// The open file, to write to (a `&File` writes too, and `try_clone` hands it on).
    pub fn file(&self) -> &File {
        &self.file
    }

    /// Puts the file written in place of the old one.
    pub fn finish(mut self) -> io::Result<()> {
        self.file.flush()?;
        match self.aside.take() {
            // Dropped with the error, the file aside is removed.
            Some((aside, target)) => aside.persist(&target).map_err(|failed| failed.error),
            None => Ok(()),
        }
    }
}

/// Writes `contents` as the file at `path` (see the module's comment).
pub fn write_replacing(path: &Path, contents: &[u8], access: Access) -> io::Result<()> {
    let output = OutputFile::create(path, access)?;
    output.file().write_all(contents)?;
    output.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mode(path: &Path) -> u32 {
        std::fs::metadata(path).unwrap().permissions().mode() & 0o777
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_file_is_replaced_whole_and_keeps_its_permissions() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.csv");
        write_replacing(&path, b"first", Access::Default).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
        write_replacing(&path, b"second", Access::Default).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"second");
        assert_eq!(mode(&path), 0o640);
        assert_eq!(names(dir.path()), ["out.csv"]);
    }

    #[test]
    fn an_unfinished_or_failed_write_leaves_the_old_file_and_nothing_aside() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("puzzles.pdf");
        std::fs::write(&path, "old").unwrap();
        // The player's own file, named as a file aside might be: not touched.
        std::fs::write(dir.path().join("puzzles.pdf.partial"), "mine").unwrap();
        let output = OutputFile::create(&path, Access::Default).unwrap();
        output.file().write_all(b"half of it").unwrap();
        assert_eq!(names(dir.path()).len(), 3, "a file aside while writing");
        drop(output);
        assert_eq!(std::fs::read(&path).unwrap(), b"old");
        assert_eq!(names(dir.path()), ["puzzles.pdf", "puzzles.pdf.partial"]);
        write_replacing(&path, b"new", Access::Default).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new");
        let mine = std::fs::read(dir.path().join("puzzles.pdf.partial")).unwrap();
        assert_eq!(mine, b"mine");
        // A folder in the way: written aside, the rename fails, nothing is left aside.
        let folder = dir.path().join("taken");
        std::fs::create_dir(&folder).unwrap();
        std::fs::write(folder.join("inside"), "kept").unwrap();
        assert!(write_replacing(&folder, b"new", Access::Default).is_err());
        assert_eq!(std::fs::read(folder.join("inside")).unwrap(), b"kept");
        assert_eq!(names(dir.path()), ["puzzles.pdf", "puzzles.pdf.partial", "taken"]);
    }

    #[test]
    fn a_link_is_followed_and_a_device_is_written_in_place() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.txt");
        let link = dir.path().join("link.txt");
        std::fs::write(&real, "old").unwrap();
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write_replacing(&link, b"new", Access::Default).unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read(&real).unwrap(), b"new");
        // No file aside in /dev: the device itself is written, and its error told.
        let full = write_replacing(Path::new("/dev/full"), b"x", Access::Default).unwrap_err();
        assert_eq!(full.raw_os_error(), Some(28), "{full}");
        write_replacing(Path::new("/dev/null"), b"x", Access::Default).unwrap();
    }

    #[test]
    fn a_file_with_other_hard_links_stays_one_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("booklet.pdf");
        let other = dir.path().join("also-booklet.pdf");
        std::fs::write(&path, "the older and longer booklet").unwrap();
        std::fs::hard_link(&path, &other).unwrap();
        write_replacing(&path, b"new", Access::Default).unwrap();
        assert_eq!(std::fs::read(&other).unwrap(), b"new");
        assert_eq!(std::fs::metadata(&path).unwrap().nlink(), 2);
        // Written in place, a private file is still the owner's only.
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        write_replacing(&path, b"script", Access::Private).unwrap();
        assert_eq!(
            (mode(&other), std::fs::read(&other).unwrap()),
            (0o600, b"script".to_vec())
        );
    }

    /// A name as long as a folder takes (255 bytes) leaves no room for the aside's hidden
    /// prefix and suffix: the file is written in place.
    #[test]
    fn a_name_too_long_for_an_aside_is_written_in_place() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(format!("{}.pdf", "p".repeat(251)));
        std::fs::write(&path, "old").unwrap();
        write_replacing(&path, b"new", Access::Default).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new");
        assert_eq!(names(dir.path()).len(), 1);
    }

    /// Replacing another's file (root writing into a player's folder) keeps its owner. Only root
    /// may give a file to another user, so elsewhere the file is the writer's own and the test
    /// checks just that it stays so.
    #[test]
    fn a_replaced_file_keeps_its_owner() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("stats.csv");
        std::fs::write(&path, "old").unwrap();
        let root = std::fs::metadata(&path).unwrap().uid() == 0;
        let (uid, gid) = if root {
            (65534, 65534)
        } else {
            let m = std::fs::metadata(&path).unwrap();
            (m.uid(), m.gid())
        };
        std::os::unix::fs::chown(&path, Some(uid), Some(gid)).unwrap();
        write_replacing(&path, b"new", Access::Default).unwrap();
        let m = std::fs::metadata(&path).unwrap();
        assert_eq!((m.uid(), m.gid()), (uid, gid));
        assert_eq!(std::fs::read(&path).unwrap(), b"new");
    }

    #[test]
    fn private_files_and_their_folders_are_the_owners_only() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("made/for/it/lab.rhai");
        write_replacing(&path, b"script", Access::Private).unwrap();
        assert_eq!(mode(&path), 0o600);
        assert_eq!(mode(path.parent().unwrap()), 0o700);
    }
}
